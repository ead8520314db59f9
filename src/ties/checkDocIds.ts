import { compareIds } from './compareIds.js';
import { docIdNotString, docIdTwice } from './docIdErrors.js';

/** Queries of at most this many documents compare their ids pairwise (cheaper there than hashing each). */
const PAIRWISE = 32;

/**
 * Per position of a small query, its id's length and last code unit as one number: ids of one
 * query often share a long prefix, so two ids are compared in full only where these agree. Kept
 * between calls; null while in use (the ids may be read through getters, and a call nested in
 * one takes its own).
 */
let keptShapes: Float64Array | null = new Float64Array(PAIRWISE);

/**
 * The checks of a batch's document ids, in every tie mode (trecTieKeys makes trec's keys after
 * them): every id a string, none twice in a query. Where a query has several ids twice, it names
 * the largest in byte order, at its first two positions. O(n) per query (pairwise up to PAIRWISE
 * ids, else hashed).
 * @throws InputTypeError for an id that is not a string, InputError for one twice
 */
export function checkDocIds(docs: readonly string[], offsets: Uint32Array, describeQuery: (q: number) => string): void {
  const shapes = keptShapes ?? new Float64Array(PAIRWISE);
  keptShapes = null;
  // per id its first position, or -1 once it was seen twice
  const seen = new Map<string, number>();
  for (let q = 0; q + 1 < offsets.length; q++) {
    const start = offsets[q]!;
    const n = offsets[q + 1]! - start;
    // the largest id twice, at its first two positions (a third one meets the first again, and
    // does not replace its pair)
    let first = -1;
    let second = -1;
    if (n <= PAIRWISE) {
      for (let i = 0; i < n; i++) {
        const id = docs[start + i];
        if (typeof id !== 'string') throw docIdNotString(describeQuery, q, start + i, i, id);
        shapes[i] = id.length * 65536 + (id.length > 0 ? id.charCodeAt(id.length - 1) : 0);
        for (let j = 0; j < i; j++) {
          if (shapes[j] !== shapes[i] || docs[start + j] !== id) continue;
          if (second < 0 || compareIds(id, docs[start + second]!) > 0) [first, second] = [j, i];
          break;
        }
      }
    } else {
      seen.clear();
      for (let i = 0; i < n; i++) {
        const id = docs[start + i];
        if (typeof id !== 'string') throw docIdNotString(describeQuery, q, start + i, i, id);
        const at = seen.get(id);
        if (at === undefined) seen.set(id, i);
        else if (at >= 0) {
          if (second < 0 || compareIds(id, docs[start + second]!) > 0) [first, second] = [at, i];
          seen.set(id, -1);
        }
      }
    }
    if (second >= 0) throw docIdTwice(describeQuery, q, docs[start + second]!, first, second);
  }
  keptShapes = shapes;
}
