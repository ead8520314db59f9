import { checkDocIds } from './checkDocIds.js';
import { scoreTieKeys } from './scoreTieKeys.js';

/**
 * trec_eval's tie-break as numbers: per query, keys that order its documents of equal scores by
 * id descending in byte order (the kernels order equal scores by key ascending and compare keys
 * nowhere else; see scoreTieKeys). Also the check that every id is a string and no query names a
 * document twice (checkDocIds). O(n) per query but for the sorts of the tied ids.
 * @throws InputTypeError for an id that is not a string; InputError naming the query and both
 *   positions of a duplicate id
 * @example
 * trecTieKeys(['a', 'b', 'c'], Float64Array.of(2, 1, 2), Uint32Array.of(0, 3), (q) => `query ${q}`) // c's key below a's
 */
export function trecTieKeys(docs: readonly string[], scores: Float64Array, offsets: Uint32Array, describeQuery: (q: number) => string): Int32Array {
  checkDocIds(docs, offsets, describeQuery);
  const keys = new Int32Array(docs.length);
  for (let q = 0; q + 1 < offsets.length; q++) scoreTieKeys(scores, offsets[q]!, offsets[q + 1]! - offsets[q]!, docs, keys, offsets[q]!);
  return keys;
}
