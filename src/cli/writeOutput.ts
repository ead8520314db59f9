import { chownSync, chmodSync, closeSync, ftruncateSync, lstatSync, openSync, readlinkSync, realpathSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
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

/** Where a dangling symbolic link points (its target gets the output, as through any link), else undefined. */
function danglingTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? resolve(dirname(path), readlinkSync(path)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The descriptor a path names of this process's own (/dev/stdout, /dev/stderr, /dev/fd/N,
 * /proc/self/fd/N), else -1: written through the descriptor itself, at its offset (appending where
 * it appends), since opening the path anew would truncate the file behind a shell's `>>` or miss
 * what a `{ ...; } > f` group wrote around it, and a pipe has no path to open.
 */
function ownDescriptor(path: string): number {
  if (path === '/dev/stdout') return 1;
  if (path === '/dev/stderr') return 2;
  const m = /^\/(?:dev\/fd|proc\/self\/fd|proc\/(\d+)\/fd)\/(\d+)$/.exec(path);
  return m !== null && (m[1] === undefined || Number(m[1]) === process.pid) ? Number(m[2]) : -1;
}

/** The temporary files being written, removed if the process is interrupted (SIGINT, SIGTERM) before they are committed or aborted. */
const live = new Set<string>();
let watching = false;

/** Removes the live temporaries on SIGINT or SIGTERM, then lets the signal end the process as it would have. */
function watchSignals(): void {
  if (watching) return;
  watching = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const file of live) rmSync(file, { force: true });
      process.kill(process.pid, signal);
    });
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
  /** the descriptor is the process's own (see ownDescriptor): written at its offset, never closed */
  private readonly own: boolean;
  /** the mode and owner of the file replaced */
  private readonly keep: { readonly mode: number; readonly uid: number; readonly gid: number } | undefined;

  /** @throws UsageError when `path` is one of `inputs` (`-` and streams are not files); Error when the folder cannot be written */
  constructor(
    private readonly path: string,
    inputs: readonly string[] = [],
  ) {
    const real = realPath(path);
    if (real !== undefined && inputs.some((input) => input !== '-' && realPath(input) === real)) {
      throw new UsageError(`-o ${path} would write over an input file; choose another output`);
    }
    this.target = real ?? danglingTarget(path) ?? path;
    this.own = ownDescriptor(path) >= 0;
    const special = this.own || (real !== undefined && !statSync(real).isFile());
    this.inPlace = special;
    this.temporary = special ? null : join(dirname(this.target), `.${basename(this.target)}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`);
    this.fd = this.own ? ownDescriptor(path) : onFile(path, () => openSync(this.temporary ?? this.target, this.temporary === null ? 'w' : 'wx'));
    // the file replaced keeps its mode and owner (a private file stays private)
    this.keep = real !== undefined && !special ? statSync(real) : undefined;
    if (this.temporary !== null) {
      live.add(this.temporary);
      watchSignals();
    }
  }

  /** Writes `bytes` at `position` (in order, in place: a device or FIFO has no positions); returns the bytes written. @throws Error naming the file and the system's reason */
  writeAt(bytes: Uint8Array, position: number): number {
    return onFile(this.path, () => {
      let done = 0;
      while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.inPlace ? null : position + done);
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
      if (this.own) return;
      closeSync(this.fd);
      if (this.temporary === null) return;
      if (this.keep !== undefined) {
        chmodSync(this.temporary, this.keep.mode & 0o7777);
        try {
          chownSync(this.temporary, this.keep.uid, this.keep.gid);
        } catch {
          // only root may give a file to another owner: the output is then the writer's
        }
      }
      renameSync(this.temporary, this.target);
      live.delete(this.temporary);
    });
  }

  /** The temporary file goes; the target is untouched. */
  abort(): void {
    if (this.own) return;
    try {
      closeSync(this.fd);
    } catch {
      // closed by a failed commit
    }
    if (this.temporary !== null) {
      rmSync(this.temporary, { force: true });
      live.delete(this.temporary);
    }
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
