import { openSync, writeFileSync, writeSync } from 'node:fs';

/**
 * Writes a command's output to the file `-o` names.
 * @throws Error naming the file and the system's reason (a full disk, a missing folder)
 */
export function writeOutput(path: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (e) {
    throw new Error(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Opens the file `-o` names for writing piece by piece (created or emptied).
 * @throws Error naming the file and the system's reason
 */
export function openOutput(path: string): number {
  try {
    return openSync(path, 'w');
  } catch (e) {
    throw new Error(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/**
 * Writes `bytes` at `position` of the file opened by openOutput; returns the bytes written.
 * @throws Error naming the file and the system's reason
 */
export function writeAt(fd: number, path: string, bytes: Buffer, position: number): number {
  try {
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
    return done;
  } catch (e) {
    throw new Error(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}
