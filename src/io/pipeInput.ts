import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { readStream, type Input } from './input.js';

/**
 * A path as the readers take it. A pipe, FIFO or character device (`<(cat run)`, /dev/stdin)
 * can be read once, from its start, and its size is unknown: its bytes are read whole into
 * memory (as trec_eval reads every file), so that a reader may read it again. A regular file, or
 * a path that cannot be read (the reader says why), stays a path.
 */
export async function pathInput(path: string): Promise<Input> {
  const kind = await stat(path).catch(() => undefined);
  if (kind === undefined || kind.isFile() || kind.isDirectory()) return path;
  return { name: path, bytes: await readStream(createReadStream(path)) };
}
