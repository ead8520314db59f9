import { readStream, type Input } from '../io/input.js';

/**
 * Where a TREC file comes from: a path (read as a stream, in bounded memory, and by several
 * threads where a run is large: see RunOptions.threads), its bytes, a stream of its bytes (read
 * whole into memory first), or either of the last two with a name for messages. Gzip is
 * recognised by its magic bytes.
 */
export type Source = string | Uint8Array | AsyncIterable<Uint8Array> | { readonly name: string; readonly data: Uint8Array | AsyncIterable<Uint8Array> };

/** A source as the readers take it; `fallbackName` names unnamed bytes and streams in messages. */
export async function toInput(source: Source, fallbackName: string): Promise<Input> {
  if (typeof source === 'string') return source;
  const named = !(source instanceof Uint8Array) && 'data' in source;
  const name = named ? source.name : fallbackName;
  const data = named ? source.data : source;
  return { name, bytes: data instanceof Uint8Array ? data : await readStream(data) };
}
