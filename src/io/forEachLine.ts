import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { FileError } from './fileError.js';

/** Called for each line with its bytes buf[start..end) (no line terminator) and its 1-based number. */
export type LineHandler = (buf: Buffer, start: number, end: number, line: number) => void;

const NEWLINE = 10;
const CR = 13;

async function isGzip(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/**
 * Streams a text file line by line in 1 MiB chunks, without a string per line: the handler
 * reads each line's bytes in place. Gzip files (by their magic bytes) are inflated on the fly;
 * CRLF line ends lose their CR. `onBytes` reports the compressed bytes read so far.
 * @throws FileError when the file cannot be read
 */
export async function forEachLine(path: string, handler: LineHandler, onBytes?: (bytes: number) => void): Promise<void> {
  let gzip: boolean;
  try {
    gzip = await isGzip(path);
  } catch (e) {
    throw new FileError(path, 0, `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const raw = createReadStream(path, { highWaterMark: 1 << 20 });
  const stream = gzip ? raw.pipe(createGunzip()) : raw;
  let rest: Buffer | null = null;
  let line = 0;
  let reading = true; // false while the handler runs: its errors pass through unwrapped
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      reading = false;
      const buf: Buffer = rest === null ? chunk : Buffer.concat([rest, chunk]);
      let start = 0;
      let nl = buf.indexOf(NEWLINE, start);
      while (nl >= 0) {
        line++;
        handler(buf, start, nl > start && buf[nl - 1] === CR ? nl - 1 : nl, line);
        start = nl + 1;
        nl = buf.indexOf(NEWLINE, start);
      }
      rest = start < buf.length ? buf.subarray(start) : null;
      onBytes?.(raw.bytesRead);
      reading = true;
    }
  } catch (e) {
    if (!reading) throw e;
    raw.destroy();
    throw new FileError(path, line, `cannot read the file (${(e as Error).message})`);
  }
  if (rest !== null) handler(rest, 0, rest[rest.length - 1] === CR ? rest.length - 1 : rest.length, line + 1);
}
