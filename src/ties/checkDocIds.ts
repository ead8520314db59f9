import { compareIds } from './compareIds.js';
import { docIdNotString, docIdTwice } from './docIdErrors.js';

/** Queries of at most this many documents compare their ids pairwise (cheaper there than hashing each). */
const PAIRWISE = 32;

/**
 * trecTieKeys' checks without its keys, for the tie modes that do not order by id: every id a
 * string, none twice in a query. Where a query has several ids twice, it names the one
 * trecTieKeys names (the largest in byte order) at its first two positions, so the error does
 * not depend on the mode. O(n) per query (pairwise up to PAIRWISE ids) where trecTieKeys sorts.
 * @throws InputTypeError for an id that is not a string, InputError for one twice
 */
export function checkDocIds(docs: readonly string[], offsets: Uint32Array, describeQuery: (q: number) => string): void {
  // per id its first position, or -1 once it was seen twice
  const seen = new Map<string, number>();
  for (let q = 0; q + 1 < offsets.length; q++) {
    const start = offsets[q]!;
    const n = offsets[q + 1]! - start;
    for (let i = 0; i < n; i++) if (typeof docs[start + i] !== 'string') throw docIdNotString(describeQuery, q, start + i, i, docs[start + i]);
    // the largest id twice, at its first two positions
    let first = -1;
    let second = -1;
    const twice = (at: number, i: number): void => {
      if (second < 0 || compareIds(docs[start + i]!, docs[start + second]!) > 0) [first, second] = [at, i];
    };
    if (n <= PAIRWISE) {
      for (let i = 1; i < n; i++) {
        const id = docs[start + i];
        for (let j = 0; j < i; j++) {
          if (docs[start + j] === id) {
            // a third one meets the first again, and does not replace its pair
            twice(j, i);
            break;
          }
        }
      }
    } else {
      seen.clear();
      for (let i = 0; i < n; i++) {
        const id = docs[start + i]!;
        const at = seen.get(id);
        if (at === undefined) seen.set(id, i);
        else if (at >= 0) {
          twice(at, i);
          seen.set(id, -1);
        }
      }
    }
    if (second >= 0) throw docIdTwice(describeQuery, q, docs[start + second]!, first, second);
  }
}
