import { writeFileSync } from 'node:fs';

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
