import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { ByteRange } from './byteRange.js';
import { FileError } from './fileError.js';
import { fileHead } from './fileHead.js';
import { foreignFormat, hasGzipMagic, inputName, type Input } from './input.js';
import { bytesChunks, CHUNK_BYTES, MAX_LINE_BYTES, numberingLongLines, Pending, type Handler } from './lineChunks.js';

/**
 * Streams a file (or bytes in memory: see Input) in chunks of whole lines (about 1 MiB each;
 * only the last line may lack its newline). Gzip input (by its magic bytes) is inflated on the
 * fly; another compression, an archive or UTF-16 text is an error saying so (see foreignFormat). A line cut by a read is joined with its tail alone, so no chunk is copied whole.
 * `onBytes` reports the compressed bytes read so far. Errors the handler throws pass through.
 * With `range` (a plain file's bytes, cut at line starts: see splitRun) only those bytes are read.
 * A chunk is valid only during the handler's call: a plain file is read into two buffers in
 * turn, the next read running while the handler works on the other one.
 * @throws FileError when the file cannot be read, or is in a format the readers do not read
 */
export async function forEachChunk(input: Input, handler: Handler, onBytes?: (bytes: number) => void, range?: ByteRange, maxLine = MAX_LINE_BYTES): Promise<void> {
  await numberingLongLines((into, bytes, most) => chunksOf(input, into, bytes, range, most), handler, onBytes, maxLine);
}

/** forEachChunk, a line past maxLine reported by its byte offset. */
async function chunksOf(input: Input, handler: Handler, onBytes: ((bytes: number) => void) | undefined, range: ByteRange | undefined, maxLine: number): Promise<void> {
  const name = inputName(input);
  let head: Uint8Array;
  try {
    head = typeof input === 'string' ? await fileHead(input) : input.bytes;
  } catch (e) {
    throw unreadable(name, e);
  }
  const foreign = foreignFormat(head);
  if (foreign !== undefined) throw new FileError(name, 0, `this is ${foreign}`);
  const gzip = hasGzipMagic(head);
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
  pending.finish(handler);
}

/**
 * An input's size in bytes: a file's on disk (gzip inflates to more), bytes' length; 0 when the
 * file cannot be read (forEachChunk then says why). A hint for readers that reserve room.
 */
export async function inputSize(input: Input): Promise<number> {
  if (typeof input !== 'string') return input.bytes.length;
  return stat(input).then(
    (s) => s.size,
    () => 0,
  );
}

/** A failed open or read as a FileError. */
function unreadable(path: string, e: unknown): FileError {
  const code = (e as NodeJS.ErrnoException).code;
  // zlib's word for gzip data that stops before its end
  if (code === 'Z_BUF_ERROR') return new FileError(path, 0, 'the gzip file is truncated: it ends before its compressed data does');
  return new FileError(path, 0, `cannot read the file (${code ?? (e as Error).message})`);
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
