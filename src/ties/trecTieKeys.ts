import { compareIds } from './compareIds.js';
import { docIdNotString, docIdTwice } from './docIdErrors.js';

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
      if (typeof id !== 'string') throw docIdNotString(describeQuery, q, start + i, i, id);
      local[i] = i;
    }
    local.sort((a, b) => compareIds(docs[start + b]!, docs[start + a]!));
    for (let rank = 0; rank < n; rank++) {
      const i = local[rank]!;
      if (rank > 0 && docs[start + i] === docs[start + local[rank - 1]!]) {
        throw docIdTwice(describeQuery, q, docs[start + i]!, Math.min(i, local[rank - 1]!), Math.max(i, local[rank - 1]!));
      }
      keys[start + i] = rank;
    }
  }
  return keys;
}
