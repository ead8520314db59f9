import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { ByteRange } from './byteRange.js';
import { FileError } from './fileError.js';
import { hasGzipMagic, inputName, type Input } from './input.js';
import { isGzip } from './isGzip.js';

const NEWLINE = 10;
const CHUNK_BYTES = 1 << 20;

type Handler = (chunk: Buffer) => void;

/**
 * Streams a file (or bytes in memory: see Input) in chunks of whole lines (about 1 MiB each;
 * only the last line may lack its newline). Gzip input (by its magic bytes) is inflated on the
 * fly. A line cut by a read is joined with its tail alone, so no chunk is copied whole.
 * `onBytes` reports the compressed bytes read so far. Errors the handler throws pass through.
 * With `range` (a plain file's bytes, cut at line starts: see splitRun) only those bytes are read.
 * A chunk is valid only during the handler's call: a plain file is read into two buffers in
 * turn, the next read running while the handler works on the other one.
 * @throws FileError when the file cannot be read
 */
export async function forEachChunk(input: Input, handler: Handler, onBytes?: (bytes: number) => void, range?: ByteRange, maxLine = MAX_LINE_BYTES): Promise<void> {
  const name = inputName(input);
  let gzip: boolean;
  try {
    gzip = typeof input === 'string' ? await isGzip(input) : hasGzipMagic(input.bytes);
  } catch (e) {
    throw unreadable(name, e);
  }
  if (range !== undefined && (gzip || typeof input !== 'string')) throw new FileError(name, 0, 'only a plain file is read in byte ranges');
  const pending = new Pending(name, maxLine);
  if (typeof input !== 'string') {
    if (gzip) await inflateChunks(name, Readable.from([input.bytes]), () => input.bytes.length, handler, pending, onBytes);
    else bytesChunks(input.bytes, handler, pending, onBytes);
  } else if (gzip) {
    const raw = createReadStream(input, { highWaterMark: CHUNK_BYTES });
    await inflateChunks(name, raw, () => raw.bytesRead, handler, pending, onBytes);
  } else {
    await readChunks(input, handler, pending, onBytes, range);
  }
  const rest = pending.rest();
  if (rest !== null) handler(rest);
}

/** Bytes in memory, in chunks of about CHUNK_BYTES. */
function bytesChunks(bytes: Uint8Array, handler: Handler, pending: Pending, onBytes?: (bytes: number) => void): void {
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < all.length; at += CHUNK_BYTES) {
    pending.pass(all.subarray(at, at + CHUNK_BYTES), handler);
    onBytes?.(Math.min(all.length, at + CHUNK_BYTES));
  }
}

/** A failed open or read as a FileError. */
function unreadable(path: string, e: unknown): FileError {
  return new FileError(path, 0, `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
}

/** A line longer than this is refused (a TREC or LETOR line is far shorter; a file without line ends is not one of them). */
export const MAX_LINE_BYTES = 1 << 20;

/**
 * The line a chunk cut, as its pieces so far (joined once, when its end comes: joining at each
 * piece would copy a long line again and again), and what the file's lines are checked for.
 */
class Pending {
  private pieces: Buffer[] = [];
  private length = 0;
  /** bytes handed over before the pending line: where it starts in the file */
  private offset = 0;
  private first = true;
  constructor(
    private readonly name: string,
    private readonly maxLine: number,
  ) {}

  /**
   * Hands the whole lines of `chunk` to the handler, the first one joined with the line the
   * chunk before cut, and keeps the line this chunk cuts (copied: the chunk's memory is reused).
   * The file's first bytes lose a UTF-8 byte-order mark.
   * @throws FileError for a line longer than maxLine or a CR that is not followed by LF
   */
  pass(chunk: Buffer, handler: Handler): void {
    if (this.first) {
      this.first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3);
        this.offset = 3;
      }
    }
    // a CR must end a CRLF line: a file of bare CRs (classic Mac line ends) would read as one line
    const cr = chunk.indexOf(13);
    if (cr >= 0 && cr + 1 < chunk.length && chunk[cr + 1] !== NEWLINE) {
      throw new FileError(this.name, 0, `a bare CR (carriage return without a line feed) at byte ${this.offset + this.length + cr}: lines must end with LF or CRLF; convert classic Mac line ends first (tr '\\r' '\\n')`);
    }
    let from = 0;
    if (this.length > 0) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) return this.keep(chunk);
      this.keep(chunk.subarray(0, nl));
      this.pieces.push(chunk.subarray(nl, nl + 1));
      handler(Buffer.concat(this.pieces, this.length + 1));
      this.offset += this.length + 1;
      this.pieces = [];
      this.length = 0;
      from = nl + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (last >= from) {
      handler(chunk.subarray(from, last + 1));
      this.offset += last + 1 - from;
      from = last + 1;
    }
    if (from < chunk.length) this.keep(chunk.subarray(from));
  }

  /** The last line when it lacks a newline, or null. */
  rest(): Buffer | null {
    return this.length === 0 ? null : Buffer.concat(this.pieces, this.length);
  }

  private keep(piece: Buffer): void {
    this.pieces.push(Buffer.from(piece));
    this.length += piece.length;
    if (this.length > this.maxLine) {
      throw new FileError(this.name, 0, `the line starting at byte ${this.offset} is longer than ${this.maxLine} bytes; it begins ${JSON.stringify(Buffer.concat(this.pieces).toString('utf8', 0, 80))}`);
    }
  }
}

/** A plain file (or its range) in two reused buffers, reading ahead. */
async function readChunks(path: string, handler: Handler, pending: Pending, onBytes?: (bytes: number) => void, range?: ByteRange): Promise<void> {
  const file = await open(path, 'r').catch((e: unknown) => {
    throw unreadable(path, e);
  });
  const start = range?.start ?? 0;
  const end = range?.end ?? Infinity;
  const buffers = [Buffer.allocUnsafe(CHUNK_BYTES), Buffer.allocUnsafe(CHUNK_BYTES)];
  const readInto = (buffer: Buffer, at: number): Promise<number> =>
    at >= end ? Promise.resolve(0) : file.read(buffer, 0, Math.min(CHUNK_BYTES, end - at), at).then((r) => r.bytesRead);
  let position = start;
  let next = readInto(buffers[0]!, position);
  try {
    for (let turn = 0; ; turn ^= 1) {
      let bytes: number;
      try {
        bytes = await next;
      } catch (e) {
        throw unreadable(path, e);
      }
      if (bytes === 0) return;
      position += bytes;
      next = readInto(buffers[turn ^ 1]!, position);
      pending.pass(buffers[turn]!.subarray(0, bytes), handler);
      onBytes?.(position - start);
    }
  } finally {
    // a handler's error leaves a read running: let it end before closing the file
    await next.catch(() => 0);
    await file.close();
  }
}

/** A gzip stream inflated. `read` tells the compressed bytes read so far. */
async function inflateChunks(name: string, raw: Readable, read: () => number, handler: Handler, pending: Pending, onBytes?: (bytes: number) => void): Promise<void> {
  const stream = raw.pipe(createGunzip());
  let reading = true; // false while the handler runs: its errors pass through unwrapped
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      reading = false;
      pending.pass(chunk, handler);
      onBytes?.(read());
      reading = true;
    }
  } catch (e) {
    if (!reading) throw e;
    raw.destroy();
    throw unreadable(name, e);
  }
}
