import { closeSync, ftruncateSync, openSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from './usageError.js';

/** Runs a file operation on `path`, its failure as an Error naming the file and the system's reason (a full disk, a missing folder). */
function onFile<T>(path: string, operation: () => T): T {
  try {
    return operation();
  } catch (e) {
    throw new Error(`cannot write ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** A path's real location, or undefined where it does not exist yet. */
function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/**
 * The file `-o` names, written atomically: the output goes to a temporary file beside it (beside
 * the file a symbolic link points to), which replaces it only when the command succeeded
 * (commit); on an error (abort) the target keeps what it held. A target that is no regular file
 * (a device such as /dev/null, a FIFO) is written in place: renaming over it would replace it. A
 * target that is one of the command's input files is refused.
 */
export class OutputFile {
  /** the temporary file, or null when writing in place */
  private readonly temporary: string | null;
  /** written in place (a device, a FIFO): what is written cannot be taken back */
  readonly inPlace: boolean;
  private readonly target: string;
  private readonly fd: number;

  /** @throws UsageError when `path` is one of `inputs` (`-` and streams are not files); Error when the folder cannot be written */
  constructor(
    private readonly path: string,
    inputs: readonly string[] = [],
  ) {
    const real = realPath(path);
    if (real !== undefined && inputs.some((input) => input !== '-' && realPath(input) === real)) {
      throw new UsageError(`-o ${path} would write over an input file; choose another output`);
    }
    this.target = real ?? path;
    const special = real !== undefined && !statSync(real).isFile();
    this.inPlace = special;
    this.temporary = special ? null : join(dirname(this.target), `.${basename(this.target)}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`);
    this.fd = onFile(path, () => openSync(this.temporary ?? this.target, this.temporary === null ? 'w' : 'wx'));
  }

  /** Writes `bytes` at `position` (in order, in place: a device or FIFO has no positions); returns the bytes written. @throws Error naming the file and the system's reason */
  writeAt(bytes: Uint8Array, position: number): number {
    return onFile(this.path, () => {
      let done = 0;
      while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.temporary === null ? null : position + done);
      return done;
    });
  }

  /** Empties what was written (a run read again from its start; in place, it cannot be taken back). */
  truncate(): void {
    if (this.temporary !== null) onFile(this.path, () => ftruncateSync(this.fd, 0));
  }

  /** The output replaces the target. @throws Error naming the file and the system's reason */
  commit(): void {
    onFile(this.path, () => {
      closeSync(this.fd);
      if (this.temporary !== null) renameSync(this.temporary, this.target);
    });
  }

  /** The temporary file goes; the target is untouched. */
  abort(): void {
    try {
      closeSync(this.fd);
    } catch {
      // closed by a failed commit
    }
    if (this.temporary !== null) rmSync(this.temporary, { force: true });
  }
}

/**
 * Writes a command's whole output to the file `-o` names, atomically (see OutputFile).
 * @throws UsageError when the file is one of `inputs`; Error naming the file and the system's reason
 */
export function writeOutput(path: string, data: string | Uint8Array, inputs: readonly string[] = []): void {
  const file = new OutputFile(path, inputs);
  try {
    file.writeAt(typeof data === 'string' ? Buffer.from(data, 'utf8') : data, 0);
    file.commit();
  } catch (e) {
    file.abort();
    throw e;
  }
}
