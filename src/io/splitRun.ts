import { open, type FileHandle } from 'node:fs/promises';
import type { ByteRange } from './byteRange.js';
import { fieldEquals, isSkippable, splitFields } from './fields.js';
import { FileError } from './fileError.js';
import { fileHead } from './fileHead.js';
import { hasGzipMagic } from './input.js';

const NEWLINE = 10;

/** Bytes read at a time while looking for a query boundary; doubled for a longer line. */
const BLOCK = 1 << 16;

/**
 * Cuts a run file into about `parts` byte ranges of similar size for parallel reading. Every
 * range but the first starts at a result line whose query id differs from the result line
 * before it, so a run grouped by query has each query in one range. A gzip file, or one whose
 * queries are too few to cut, gives a single range.
 * @throws FileError when the file cannot be read
 */
export async function splitRun(path: string, parts: number): Promise<ByteRange[]> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'r');
    const { size } = await handle.stat();
    const starts = [0];
    const cut = parts > 1 && !hasGzipMagic(await fileHead(path));
    for (let i = 1; cut && i < parts; i++) {
      const start = await nextQueryStart(handle, Math.max(Math.floor((size * i) / parts), starts.at(-1)! + 1), size);
      if (start < size && start > starts.at(-1)!) starts.push(start);
    }
    return starts.map((start, i) => ({ start, end: starts[i + 1] ?? size }));
  } catch (e) {
    throw new FileError(path, 0, `cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  } finally {
    await handle?.close();
  }
}

/**
 * The offset of the first result line at or after the line containing byte `from` whose
 * query id differs from the result line before it (that line's start), or `size` if none does.
 */
async function nextQueryStart(handle: FileHandle, from: number, size: number): Promise<number> {
  const bounds = new Int32Array(2);
  let block = Buffer.alloc(BLOCK);
  let qid: string | undefined;
  // `at` is the file offset of block[0]; the first line is the one after byte from - 1's newline
  let at = from - 1;
  let skipFirst = true;
  while (at < size) {
    const { bytesRead } = await handle.read(block, 0, block.length, at);
    let line = 0;
    if (skipFirst) {
      const nl = block.indexOf(NEWLINE);
      if (nl < 0 || nl >= bytesRead) {
        at += bytesRead;
        continue;
      }
      line = nl + 1;
      skipFirst = false;
    }
    for (;;) {
      const nl = block.indexOf(NEWLINE, line);
      const complete = nl >= 0 && nl < bytesRead;
      if (!complete && at + bytesRead < size) break;
      const end = complete ? nl : bytesRead;
      if (!isSkippable(block, line, end)) {
        splitFields(block, line, end, bounds, 1);
        if (qid === undefined) qid = block.toString('latin1', bounds[0], bounds[1]);
        else if (!fieldEquals(block, bounds[0]!, bounds[1]!, qid)) return at + line;
      }
      if (!complete) return size;
      line = nl + 1;
    }
    // the line at `line` runs past the block: read again from its start, in a larger block if it filled this one
    if (line === 0) block = Buffer.alloc(2 * block.length);
    at += line;
  }
  return size;
}
