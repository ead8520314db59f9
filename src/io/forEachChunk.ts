import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import type { ByteRange } from './byteRange.js';
import { FileError } from './fileError.js';
import { isGzip } from './isGzip.js';

const NEWLINE = 10;

/**
 * Streams a file in chunks of whole lines (about 1 MiB each; only the file's last line may lack
 * its newline). Gzip files (by their magic bytes) are inflated on the fly. A line cut by a read
 * is joined with its tail alone, so no chunk is copied whole. `onBytes` reports the compressed
 * bytes read so far. Errors the handler throws pass through. With `range` (a plain file's bytes,
 * cut at line starts: see splitRun) only those bytes are read.
 * @throws FileError when the file cannot be read
 */
export async function forEachChunk(path: string, handler: (chunk: Buffer) => void, onBytes?: (bytes: number) => void, range?: ByteRange): Promise<void> {
  let gzip: boolean;
  try {
    gzip = await isGzip(path);
  } catch (e) {
    throw new FileError(path, 0, `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  if (gzip && range !== undefined) throw new FileError(path, 0, 'a gzip file is read whole, not in byte ranges');
  const raw = createReadStream(path, { highWaterMark: 1 << 20, ...(range === undefined ? {} : { start: range.start, end: range.end - 1 }) });
  const stream = gzip ? raw.pipe(createGunzip()) : raw;
  let rest: Buffer | null = null;
  let reading = true; // false while the handler runs: its errors pass through unwrapped
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      reading = false;
      let from = 0;
      if (rest !== null) {
        const nl = chunk.indexOf(NEWLINE);
        if (nl < 0) rest = Buffer.concat([rest, chunk]);
        else {
          handler(Buffer.concat([rest, chunk.subarray(0, nl + 1)]));
          rest = null;
          from = nl + 1;
        }
      }
      if (rest === null) {
        const last = chunk.lastIndexOf(NEWLINE);
        if (last >= from) handler(chunk.subarray(from, (from = last + 1)));
        if (from < chunk.length) rest = chunk.subarray(from);
      }
      onBytes?.(raw.bytesRead);
      reading = true;
    }
  } catch (e) {
    if (!reading) throw e;
    raw.destroy();
    throw new FileError(path, 0, `cannot read the file (${(e as Error).message})`);
  }
  if (rest !== null) handler(rest);
}
