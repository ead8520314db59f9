import { openSync, writeFileSync, writeSync } from 'node:fs';

/** Runs a file operation on `path`, its failure as an Error naming the file and the system's reason (a full disk, a missing folder). */
function onFile<T>(path: string, operation: () => T): T {
  try {
    return operation();
  } catch (e) {
    throw new Error(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Writes a command's output to the file `-o` names.
 * @throws Error naming the file and the system's reason
 */
export function writeOutput(path: string, text: string): void {
  onFile(path, () => writeFileSync(path, text));
}

/**
 * Opens the file `-o` names for writing piece by piece (created or emptied).
 * @throws Error naming the file and the system's reason
 */
export function openOutput(path: string): number {
  return onFile(path, () => openSync(path, 'w'));
}

/**
 * Writes `bytes` at `position` of the file opened by openOutput; returns the bytes written.
 * @throws Error naming the file and the system's reason
 */
export function writeAt(fd: number, path: string, bytes: Buffer, position: number): number {
  return onFile(path, () => {
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
    return done;
  });
}
