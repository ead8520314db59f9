import { compareIds } from './compareIds.js';
import { SURROGATE } from './sortIds.js';

/** Tied documents up to this many are sorted by insertion; more, by merging runs of this many. */
const SHORT_TIES = 32;

// reused between queries (no user code runs while they are in use); sized by `reserve`
let table = new Int32Array(512);
let tieClass = new Int32Array(256);
let members = new Int32Array(256);
let spare = new Int32Array(256);
let classStart = new Int32Array(257);
let classScore = new Float64Array(256);
let classSlot = new Int32Array(256);
// a score's two 32-bit words, for its hash
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/**
 * trec_eval's order among tied scores, as the kernels' tie keys: where scores tie (0 and -0
 * equal, as the kernels compare them), ids descending in byte order come first, and the keys
 * order them so; the kernels compare keys only between equal scores, so the scores themselves
 * are never sorted. The documents are grouped by score (a ranking given in score order, the
 * usual run, by its runs of equal scores; any other by a hash table), each group is sorted by id,
 * and the keys number the groups' members group after group. O(n) but for the ids' sorts:
 * O(k log k) for a group of k. For callers whose ids are distinct by construction (an object's
 * or a Map's keys): nothing is checked.
 * @param scores the batch's scores; the query's are `scores[at .. at + n)`, none NaN
 * @param ids the query's document ids, `ids[i]` for `scores[at + i]`
 * @param keys written at `keys[at .. at + n)`, distinct, each in 0..n-1
 * @example
 * const keys = new Int32Array(3);
 * scoreTieKeys(new Float64Array([2, 1, 2]), 0, 3, ['a', 'b', 'c'], keys);
 * keys[2] < keys[0] // true: c before a (equal scores, larger id)
 */
export function scoreTieKeys(scores: Float64Array, at: number, n: number, ids: readonly string[], keys: Int32Array): void {
  reserve(n);
  const classes = groupRuns(scores, at, n) ?? groupScores(scores, at, n);
  // the scratch arrays as locals: a module's `let` is checked for initialisation at each use
  const order = members;
  const starts = classStart;
  let place = 0;
  for (let c = 0; c < classes; c++) {
    const from = starts[c]!;
    const to = starts[c + 1]!;
    if (to - from === 1) keys[at + order[from]!] = place++;
    else {
      sortById(ids, order, from, to, plainMembers(ids, order, from, to));
      for (let p = from; p < to; p++) keys[at + order[p]!] = place++;
    }
  }
}

/** Grows the scratch arrays to serve a query of n documents (the hash table at least twice n). */
function reserve(n: number): void {
  if (members.length < n) {
    tieClass = new Int32Array(2 * n);
    members = new Int32Array(2 * n);
    spare = new Int32Array(2 * n);
    classStart = new Int32Array(2 * n + 1);
    classScore = new Float64Array(2 * n);
    classSlot = new Int32Array(2 * n);
  }
  if (table.length < 2 * n) table = new Int32Array(4 * n);
}

/**
 * A ranking given in score order (the usual run) grouped by its runs of equal scores, as
 * groupScores groups (-0 and 0 alike), in one pass; null when a score rises.
 */
function groupRuns(scores: Float64Array, at: number, n: number): number | null {
  const order = members;
  const starts = classStart;
  let classes = 0;
  for (let i = 1; i < n; i++) {
    const score = scores[at + i]!;
    const previous = scores[at + i - 1]!;
    if (score > previous) return null;
    if (score !== previous) starts[++classes] = i;
  }
  for (let i = 0; i < n; i++) order[i] = i;
  starts[0] = 0;
  starts[++classes] = n;
  return classes;
}

/**
 * Groups the query's documents by score (open addressing on the score's bits, -0 as 0): writes
 * each group's documents, in input order, to `members[classStart[c] .. classStart[c + 1])` and
 * returns how many groups. The groups are in the order their scores first appear.
 */
function groupScores(scores: Float64Array, at: number, n: number): number {
  let size = 16;
  while (size < 2 * n) size *= 2;
  const shift = 32 - Math.log2(size);
  const mask = size - 1;
  const slots = table;
  const scoreOf = classScore;
  const slotOf = classSlot;
  const classOf = tieClass;
  const starts = classStart;
  const order = members;
  let classes = 0;
  for (let i = 0; i < n; i++) {
    const score = scores[at + i]! + 0;
    bits[0] = score;
    let slot = Math.imul(words[0]! ^ Math.imul(words[1]!, 0x9e3779b1), 0x85ebca6b) >>> shift;
    let c = slots[slot]!;
    while (c !== 0 && scoreOf[c - 1] !== score) {
      slot = (slot + 1) & mask;
      c = slots[slot]!;
    }
    if (c === 0) {
      c = ++classes;
      slots[slot] = c;
      scoreOf[c - 1] = score;
      slotOf[c - 1] = slot;
      starts[c] = 0;
    }
    classOf[i] = c - 1;
    starts[c]!++;
  }
  // counts to starts, the table emptied for the next query
  starts[0] = 0;
  for (let c = 0; c < classes; c++) {
    slots[slotOf[c]!] = 0;
    starts[c + 1]! += starts[c]!;
  }
  for (let i = n - 1; i >= 0; i--) order[--starts[classOf[i]! + 1]!] = i;
  // each group's end moved back to its start, which is the next group's: shift them down
  for (let c = 0; c < classes; c++) starts[c] = starts[c + 1]!;
  starts[classes] = n;
  return classes;
}

/** Whether no id of `members[from .. to)` holds a surrogate. */
function plainMembers(ids: readonly string[], order: Int32Array, from: number, to: number): boolean {
  for (let p = from; p < to; p++) if (SURROGATE.test(ids[order[p]!]!)) return false;
  return true;
}

/**
 * Sorts `order[from .. to)`, documents of equal scores, by id descending (trec_eval's order
 * among ties): by insertion in runs of SHORT_TIES, which are then merged. Ids are compared by `>`
 * (UTF-16 order, which is their byte order when `plain`: none holds a surrogate), else by
 * compareIds.
 */
function sortById(ids: readonly string[], order: Int32Array, from: number, to: number, plain: boolean): void {
  for (let start = from; start < to; start += SHORT_TIES) {
    const end = Math.min(to, start + SHORT_TIES);
    for (let p = start + 1; p < end; p++) {
      const doc = order[p]!;
      let q = p;
      for (; q > start && before(ids, plain, doc, order[q - 1]!); q--) order[q] = order[q - 1]!;
      order[q] = doc;
    }
  }
  let source: Int32Array = order;
  let target: Int32Array = spare;
  for (let width = SHORT_TIES; width < to - from; width *= 2) {
    for (let start = from; start < to; start += 2 * width) {
      const middle = Math.min(to, start + width);
      const end = Math.min(to, start + 2 * width);
      let i = start;
      let j = middle;
      for (let p = start; p < end; p++) target[p] = i < middle && (j >= end || !before(ids, plain, source[j]!, source[i]!)) ? source[i++]! : source[j++]!;
    }
    [source, target] = [target, source];
  }
  if (source !== order) order.set(source.subarray(from, to), from);
}

/** Whether tied document `a` comes before `b` in trec_eval's order: its id is larger in byte order. */
function before(ids: readonly string[], plain: boolean, a: number, b: number): boolean {
  return plain ? ids[a]! > ids[b]! : compareIds(ids[a]!, ids[b]!) > 0;
}
