import type { ByteRange } from './byteRange.js';
import { FileError } from './fileError.js';
import { foreignFormat, hasGzipMagic, inputName, type Input } from './input.js';
import { bytesChunks, MAX_LINE_BYTES, numberingLongLines, Pending, type Handler } from './lineChunks.js';

/** The little of the web's DecompressionStream this uses (the package's types are Node's). */
declare const DecompressionStream: new (format: 'gzip') => { readonly readable: ReadableStream<Uint8Array>; readonly writable: WritableStream<Uint8Array> };

/**
 * forEachChunk in a browser: bytes in memory only (a page has no paths: it reads a File's bytes
 * first), gzip inflated with the browser's DecompressionStream; chunks as in Node.
 * @throws FileError for a path, a byte range, or gzip bytes that do not inflate
 */
export async function forEachChunk(input: Input, handler: Handler, onBytes?: (bytes: number) => void, range?: ByteRange, maxLine = MAX_LINE_BYTES): Promise<void> {
  await numberingLongLines((into, bytes, most) => chunksOf(input, into, bytes, range, most), handler, onBytes, maxLine);
}

/** forEachChunk, a line past maxLine reported by its byte offset. */
async function chunksOf(input: Input, handler: Handler, onBytes: ((bytes: number) => void) | undefined, range: ByteRange | undefined, maxLine: number): Promise<void> {
  const name = inputName(input);
  if (typeof input === 'string') throw new FileError(name, 0, "a browser reads no paths: give the file's bytes (a Uint8Array, as from File.arrayBuffer())");
  if (range !== undefined) throw new FileError(name, 0, 'only a plain file is read in byte ranges');
  const foreign = foreignFormat(input.bytes);
  if (foreign !== undefined) throw new FileError(name, 0, `this is ${foreign}`);
  const pending = new Pending(name, maxLine);
  if (hasGzipMagic(input.bytes)) await inflateChunks(name, input.bytes, handler, pending, onBytes);
  else bytesChunks(input.bytes, handler, pending, onBytes);
  pending.finish(handler);
}

/** inputSize in a browser: bytes' length (a path is not read: 0). */
export async function inputSize(input: Input): Promise<number> {
  return typeof input === 'string' ? 0 : input.bytes.length;
}

/** Gzip bytes inflated chunk by chunk; `onBytes` reports the whole input once inflated. */
async function inflateChunks(name: string, bytes: Uint8Array, handler: Handler, pending: Pending, onBytes?: (bytes: number) => void): Promise<void> {
  const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  const reader = inflated.getReader();
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await reader.read();
    } catch (e) {
      throw new FileError(name, 0, `cannot read the file (${(e as Error).message})`);
    }
    if (next.done) break;
    pending.pass(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength), handler);
  }
  onBytes?.(bytes.length);
}
