import { compareIds } from './compareIds.js';

/** Runs up to this long are sorted by insertion before they are merged. */
const RUN = 8;

/** A ranking in score order whose runs of equal scores are at most this long is sorted by insertion alone. */
const SHORT_TIES = 32;

/** A UTF-16 surrogate: where one meets a unit >= 0xE000, UTF-16 order is not byte order. */
const SURROGATE = /[\ud800-\udfff]/;

// reused between queries (no user code runs while they are in use)
let order = new Int32Array(256);
let spare = new Int32Array(256);

/**
 * trec_eval's order for one query as the kernels' tie keys: scores descending, ids descending in
 * byte order where scores tie (0 and -0 equal, as the kernels compare them), each document's key
 * its place in that order. Ids are compared only where scores tie, by a merge sort whose
 * comparisons take the scores first (cheaper than a comparator call per pair); a ranking given in
 * score order (the usual run) whose ties are short, by one insertion sort, in O(n + the inversions
 * among tied ids). O(n log n). For callers whose ids are distinct by construction (an object's or
 * a Map's keys): nothing is checked.
 * @param scores the batch's scores; the query's are `scores[at .. at + n)`, none NaN
 * @param ids the query's document ids, `ids[i]` for `scores[at + i]`
 * @param keys written at `keys[at .. at + n)`
 * @example
 * const keys = new Int32Array(3);
 * scoreTieKeys(new Float64Array([2, 1, 2]), 0, 3, ['a', 'b', 'c'], keys);
 * Array.from(keys) // [1, 2, 0]: c before a (equal scores, larger id), then b
 */
export function scoreTieKeys(scores: Float64Array, at: number, n: number, ids: readonly string[], keys: Int32Array): void {
  if (order.length < n) {
    order = new Int32Array(2 * n);
    spare = new Int32Array(2 * n);
  }
  // without a surrogate among the ids, `>` (UTF-16 order) is their byte order, and faster
  let plain = true;
  for (let i = 0; i < n && plain; i++) plain = !SURROGATE.test(ids[i]!);
  let from = order;
  let to = spare;
  const run = shortTiesInOrder(scores, at, n) ? n : RUN;
  for (let start = 0; start < n; start += run) {
    const end = Math.min(n, start + run);
    for (let p = start; p < end; p++) {
      let q = p;
      for (; q > start && before(scores, at, ids, plain, p, from[q - 1]!); q--) from[q] = from[q - 1]!;
      from[q] = p;
    }
  }
  for (let width = run; width < n; width *= 2) {
    for (let start = 0; start < n; start += 2 * width) {
      const middle = Math.min(n, start + width);
      const end = Math.min(n, start + 2 * width);
      let i = start;
      let j = middle;
      for (let p = start; p < end; p++) to[p] = i < middle && (j >= end || !before(scores, at, ids, plain, from[j]!, from[i]!)) ? from[i++]! : from[j++]!;
    }
    [from, to] = [to, from];
  }
  for (let p = 0; p < n; p++) keys[at + from[p]!] = p;
}

/** Whether the query's scores never rise and no run of equal ones is longer than SHORT_TIES. */
function shortTiesInOrder(scores: Float64Array, at: number, n: number): boolean {
  let tied = 1;
  for (let i = at + 1; i < at + n; i++) {
    if (scores[i]! > scores[i - 1]!) return false;
    tied = scores[i] === scores[i - 1] ? tied + 1 : 1;
    if (tied > SHORT_TIES) return false;
  }
  return true;
}

/** Whether document `a` comes before `b` in trec_eval's order (score descending, then id descending). */
function before(scores: Float64Array, at: number, ids: readonly string[], plain: boolean, a: number, b: number): boolean {
  const x = scores[at + a]!;
  const y = scores[at + b]!;
  if (x !== y) return x > y;
  return plain ? ids[a]! > ids[b]! : compareIds(ids[a]!, ids[b]!) > 0;
}
