import type { ByteRange } from './byteRange.js';
import { forEachChunk } from './forEachChunk.js';
import type { Input } from './input.js';

/** Called for each line with its bytes buf[start..end) (no line terminator) and its 1-based number. */
export type LineHandler = (buf: Buffer, start: number, end: number, line: number) => void;

const NEWLINE = 10;
const CR = 13;

/**
 * Streams a text file (or bytes: see Input) line by line (see forEachChunk: 1 MiB chunks, gzip), without a string per
 * line: the handler reads each line's bytes in place. CRLF line ends lose their CR. With `range`,
 * only those bytes, their lines numbered from 1.
 * @throws FileError when the file cannot be read
 */
export async function forEachLine(input: Input, handler: LineHandler, onBytes?: (bytes: number) => void, range?: ByteRange): Promise<void> {
  let line = 0;
  await forEachChunk(
    input,
    (buf) => {
      for (let start = 0; start < buf.length; ) {
        const nl = buf.indexOf(NEWLINE, start);
        const stop = nl < 0 ? buf.length : nl;
        line++;
        handler(buf, start, stop > start && buf[stop - 1] === CR ? stop - 1 : stop, line);
        start = stop + 1;
      }
    },
    onBytes,
    range,
  );
}
