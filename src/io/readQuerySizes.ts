import { isSkippable } from './fields.js';
import { FileError } from './fileError.js';
import { forEachLine } from './forEachLine.js';
import { inputName, type Input } from './input.js';
import { parseInteger } from './parseNumber.js';

/**
 * Reads a query-size file (LightGBM's and XGBoost's `.query` / `.group`: one positive row count
 * per line, in the order of the data file's rows; gzip too).
 * @throws FileError (file, line) for a line that is not a positive integer, an empty file
 */
export async function readQuerySizes(input: Input): Promise<number[]> {
  const path = inputName(input);
  const sizes: number[] = [];
  await forEachLine(input, (buf, start, end, line) => {
    if (isSkippable(buf, start, end)) return;
    while (buf[start] === 32 || buf[start] === 9) start++;
    while (buf[end - 1] === 32 || buf[end - 1] === 9) end--;
    const size = parseInteger(buf, start, end);
    if (!(size >= 1) || buf[start] === 43) throw new FileError(path, line, 'a query size is a positive integer', buf.toString('utf8', start, end));
    sizes.push(size);
  });
  if (sizes.length === 0) throw new FileError(path, 0, 'the query-size file holds no sizes');
  return sizes;
}
