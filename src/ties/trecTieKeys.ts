import { InputError, InputTypeError } from '../core/errors.js';
import { compareIds } from './compareIds.js';

/**
 * trec_eval's tie-break as numbers: for every document, its rank among its query's document
 * ids in descending byte order (0 = the largest id), so the kernels order equal scores by
 * this key ascending. Also the check that no query names a document twice.
 * @throws InputError naming the query and both positions of a duplicate id
 */
export function trecTieKeys(docs: readonly string[], offsets: Uint32Array, describeQuery: (q: number) => string): Int32Array {
  const keys = new Int32Array(docs.length);
  const local: number[] = [];
  for (let q = 0; q + 1 < offsets.length; q++) {
    const start = offsets[q]!;
    const n = offsets[q + 1]! - start;
    local.length = n;
    for (let i = 0; i < n; i++) {
      const id = docs[start + i];
      if (typeof id !== 'string') throw new InputTypeError(`${describeQuery(q)}: docs[${start + i}] is ${typeof id}, not a string`, q, i);
      local[i] = i;
    }
    local.sort((a, b) => compareIds(docs[start + b]!, docs[start + a]!));
    for (let rank = 0; rank < n; rank++) {
      const i = local[rank]!;
      if (rank > 0 && docs[start + i] === docs[start + local[rank - 1]!]) {
        const [first, second] = [Math.min(i, local[rank - 1]!), Math.max(i, local[rank - 1]!)];
        throw new InputError(`${describeQuery(q)}: document '${docs[start + i]}' appears twice, at positions ${first} and ${second} (a document may be ranked once per query)`, q, second);
      }
      keys[start + i] = rank;
    }
  }
  return keys;
}
