import { readStream, type Input } from '../io/input.js';
import { pathInput } from '../io/pipeInput.js';
import { InputTypeError } from '../core/errors.js';

/**
 * Where a TREC file comes from: a path (read as a stream, in bounded memory, and by several
 * threads where a run is large: see RunOptions.threads), its bytes, a stream of its bytes (read
 * whole into memory first), or either of the last two with a name for messages. Gzip is
 * recognised by its magic bytes.
 */
export type Source = string | Uint8Array | AsyncIterable<Uint8Array> | { readonly name: string; readonly data: Uint8Array | AsyncIterable<Uint8Array> };

/** Whether a value is bytes or a stream of them. */
const isData = (x: unknown): x is Uint8Array | AsyncIterable<Uint8Array> =>
  x instanceof Uint8Array || (typeof x === 'object' && x !== null && typeof (x as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function');

/**
 * A source as the readers take it; `fallbackName` names unnamed bytes and streams in messages.
 * @throws InputTypeError for a value that is no source (null, a number, an ArrayBuffer)
 */
export async function toInput(source: Source, fallbackName: string): Promise<Input> {
  if (typeof source === 'string') return pathInput(source);
  const named = typeof source === 'object' && source !== null && !(source instanceof Uint8Array) && 'data' in source;
  const name = named ? source.name : fallbackName;
  const data: unknown = named ? source.data : source;
  if (!isData(data) || typeof name !== 'string') {
    const what = data === null ? 'null' : typeof data === 'object' ? Object.prototype.toString.call(data).slice(8, -1) : typeof data;
    throw new InputTypeError(`${fallbackName}: a source is a path, bytes (a Uint8Array), a stream of bytes, or { name, data } of those; got ${what}`);
  }
  return { name, bytes: data instanceof Uint8Array ? data : await readStream(data) };
}
