import { compareIds, SURROGATE } from './compareIds.js';

/** Tied documents up to this many are sorted by insertion; more, by merging runs of this many. */
const SHORT_TIES = 32;

/** Scratch for up to this many documents is kept for the next query; a larger query's is not. */
const KEPT_SCRATCH = 1 << 14;

/** A query's working arrays, for up to `size` documents. */
class TieScratch {
  /** open addressing: group number + 1 per slot, 0 empty; at least twice `size` slots */
  readonly table: Int32Array;
  /** per document, its group */
  readonly tieClass: Int32Array;
  /** the documents group by group, each group sorted by id in the end */
  readonly members: Int32Array;
  /** the merge sort's other buffer */
  readonly spare: Int32Array;
  /** where each group starts in members, and one past the last */
  readonly classStart: Int32Array;
  /** per group, its score and its slot in the table */
  readonly classScore: Float64Array;
  readonly classSlot: Int32Array;

  constructor(readonly size: number) {
    this.table = new Int32Array(tableSize(size));
    this.tieClass = new Int32Array(size);
    this.members = new Int32Array(size);
    this.spare = new Int32Array(size);
    this.classStart = new Int32Array(size + 1);
    this.classScore = new Float64Array(size);
    this.classSlot = new Int32Array(size);
  }
}

/** The hash table's slots for n documents: a power of two, at least 2n (and 16). */
function tableSize(n: number): number {
  let size = 16;
  while (size < 2 * n) size *= 2;
  return size;
}

// reused between queries; null while in use (a call nested in a getter of the ids takes its own)
let kept: TieScratch | null = new TieScratch(256);
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
 * @param scores the batch's scores; the query's are `scores[at .. at + n)` (a NaN is a group of
 *   its own: the kernels refuse it)
 * @param ids the document ids, `ids[idsAt + i]` for `scores[at + i]`
 * @param keys written at `keys[at .. at + n)`, distinct, each in 0..n-1
 * @param idsAt where the query's ids start in `ids` (default 0: `ids` holds the query's alone)
 * @example
 * const keys = new Int32Array(3);
 * scoreTieKeys(new Float64Array([2, 1, 2]), 0, 3, ['a', 'b', 'c'], keys);
 * keys[2] < keys[0] // true: c before a (equal scores, larger id)
 */
export function scoreTieKeys(scores: Float64Array, at: number, n: number, ids: readonly string[], keys: Int32Array, idsAt = 0): void {
  let scratch = kept;
  if (scratch === null || n > scratch.size) scratch = new TieScratch(Math.max(n, 2 * (scratch?.size ?? 128)));
  kept = null;
  keysWith(scratch, scores, at, n, ids, idsAt, keys);
  if (scratch.size <= KEPT_SCRATCH) kept = scratch;
}

/** scoreTieKeys with the given scratch. */
function keysWith(scratch: TieScratch, scores: Float64Array, at: number, n: number, ids: readonly string[], idsAt: number, keys: Int32Array): void {
  const classes = groupRuns(scratch, scores, at, n) ?? groupScores(scratch, scores, at, n);
  const order = scratch.members;
  const starts = scratch.classStart;
  let place = 0;
  for (let c = 0; c < classes; c++) {
    const from = starts[c]!;
    const to = starts[c + 1]!;
    if (to - from === 1) keys[at + order[from]!] = place++;
    else {
      sortById(ids, idsAt, order, scratch.spare, from, to, plainMembers(ids, idsAt, order, from, to));
      for (let p = from; p < to; p++) keys[at + order[p]!] = place++;
    }
  }
}

/**
 * A ranking given in score order (the usual run) grouped by its runs of equal scores, as
 * groupScores groups (-0 and 0 alike), in one pass; null when a score rises.
 */
function groupRuns(scratch: TieScratch, scores: Float64Array, at: number, n: number): number | null {
  const order = scratch.members;
  const starts = scratch.classStart;
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
function groupScores(scratch: TieScratch, scores: Float64Array, at: number, n: number): number {
  const size = tableSize(n);
  const shift = 32 - Math.log2(size);
  const mask = size - 1;
  const { table: slots, classScore: scoreOf, classSlot: slotOf, tieClass: classOf, classStart: starts, members: order } = scratch;
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

/** Whether no id of `order[from .. to)` holds a surrogate. */
function plainMembers(ids: readonly string[], idsAt: number, order: Int32Array, from: number, to: number): boolean {
  for (let p = from; p < to; p++) if (SURROGATE.test(ids[idsAt + order[p]!]!)) return false;
  return true;
}

/**
 * Sorts `order[from .. to)`, documents of equal scores, by id descending (trec_eval's order
 * among ties): by insertion in runs of SHORT_TIES, which are then merged. Ids are compared by `>`
 * (UTF-16 order, which is their byte order when `plain`: none holds a surrogate), else by
 * compareIds.
 */
function sortById(ids: readonly string[], idsAt: number, order: Int32Array, spare: Int32Array, from: number, to: number, plain: boolean): void {
  for (let start = from; start < to; start += SHORT_TIES) {
    const end = Math.min(to, start + SHORT_TIES);
    for (let p = start + 1; p < end; p++) {
      const doc = order[p]!;
      let q = p;
      for (; q > start && before(ids, idsAt, plain, doc, order[q - 1]!); q--) order[q] = order[q - 1]!;
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
      for (let p = start; p < end; p++) target[p] = i < middle && (j >= end || !before(ids, idsAt, plain, source[j]!, source[i]!)) ? source[i++]! : source[j++]!;
    }
    [source, target] = [target, source];
  }
  if (source !== order) order.set(source.subarray(from, to), from);
}

/** Whether tied document `a` comes before `b` in trec_eval's order: its id is larger in byte order. */
function before(ids: readonly string[], idsAt: number, plain: boolean, a: number, b: number): boolean {
  return plain ? ids[idsAt + a]! > ids[idsAt + b]! : compareIds(ids[idsAt + a]!, ids[idsAt + b]!) > 0;
}
