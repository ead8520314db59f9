import { hypergeometric } from './hypergeometric.js';
import { IPREC_CACHE, IPREC_ROW_ROOM, type Scratch } from './scratch.js';

/**
 * The relevant rank interpolated precision starts from at recall `level`: c = round(level R),
 * halves away from zero, as trec_eval's lround.
 */
export function iprecRank(level: number, relevant: number): number {
  return Math.round(level * relevant);
}

/**
 * Interpolated precision at recall `level` (trec_eval's iprec_at_recall, ir_measures' IPrec):
 * with c = iprecRank, the best precision m / P_m over the relevant documents m >= c (P_m the
 * rank of the m-th relevant one; for c <= 0 over them all), 0 when fewer than c are retrieved.
 *
 * Tie-aware: the relevant documents of a group V (t ranks and R relevant above it, n slots, r
 * relevant) take a random r-subset s_1 < ... < s_r of its slots, independently of the other
 * groups, so the best is the largest of independent group bests M_V = max over its candidates k
 * (R + k >= c) of (R + k)/(t + s_k), and P(best <= v) is the product of the groups'
 * P(M_V <= v). The expectation sums v times the rise of that product over the candidate values
 * v in ascending order (a heap merges each (group, k)'s values, ascending as s_k falls). Below
 * the largest of the groups' least values the product is 0, so the sweep starts there; a group
 * whose largest value is below it is 1 throughout. A group's P(M_V <= v) changes only at its own
 * values, where it is recounted (see groupBelow). A group of n slots, r relevant and m candidates
 * has O(m (n - r)) values; a recount costs O(r (n - r)) additions where r (n - r + 1) <=
 * COUNT_CELLS, else O(n r) multiply-adds, or O(m r^2) with hypergeometric jumps. With one
 * document per group (every mode but average, `broken`) it is trec_eval's loop.
 */
export function iprec(s: Scratch, col: number, relevant: number, level: number, broken: boolean): number {
  const c = iprecRank(level, relevant);
  // the query's values so far (iprec_at_recall and 11pt_avg read the same levels; levels share c)
  const cache = s.iprecCache;
  for (let i = 0; i < s.iprecCached; i++) if (cache[3 * i] === col && cache[3 * i + 1] === c) return cache[3 * i + 2]!;
  const value = broken ? brokenIprec(s, col, c) : averageIprec(s, col, c);
  if (s.iprecCached < IPREC_CACHE) {
    cache[3 * s.iprecCached] = col;
    cache[3 * s.iprecCached + 1] = c;
    cache[3 * s.iprecCached++ + 2] = value;
  }
  return value;
}

/**
 * Every group one document or none: the best m / P_m over the relevant documents m >= c, read
 * from the query's suffix maxima s.iprecBest[m] (the best from the m-th relevant document on),
 * made at the first level asked for and kept for the query's other levels at that column.
 */
function brokenIprec(s: Scratch, col: number, c: number): number {
  const best = s.iprecBest;
  if (s.iprecBestCol !== col) {
    let found = 0;
    let before = 0;
    let start = 0;
    for (let g = 0; g < s.groupCount; g++) {
      const end = s.groupEnd[g]!;
      const r = s.groupRel[g * s.levels + col]!;
      if (r > 0) best[++found] = (before + 1) / (start + 1);
      before += r;
      start = end;
    }
    for (let m = found - 1; m >= 1; m--) best[m] = Math.max(best[m]!, best[m + 1]!);
    s.iprecBestCol = col;
    s.iprecFound = found;
  }
  return c > s.iprecFound || s.iprecFound === 0 ? 0 : best[Math.max(1, c)]!;
}

/**
 * Checks at most this many slots apart are stepped slot by slot (a multiply-add per count and
 * slot); farther apart, a hypergeometric jump (a pmf per count) costs less.
 */
const STEP_SLOTS = 16;

/** Fields of a candidate group in s.iprecGroups. */
const T = 0;
const BEFORE = 1;
const SIZE = 2;
const REL = 3;
const FIRST = 4;
const HIGHEST = 5;
const BELOW = 6;
const BASE = 7;
const TOTAL = 8;
const ROWS = 9;
const FROM = 10;
const FIELDS = 11;

/**
 * A group of r relevant and w = n - r other documents with r (w + 1) at most this many is
 * counted exactly (see countBelow): its C(n, r) orders stay below 2^53 (at most C(44, 22)).
 */
const COUNT_CELLS = 512;

/**
 * P(M_V <= v) for the candidate group at `at` in s.iprecGroups, from s.iprecSlots[BASE + k -
 * FIRST] = b_k, the first slot whose value (R + k)/(t + b_k) <= v of each candidate k: the chance
 * that every candidate k sits at or below b_k, i.e. that N(b_k - 1), the relevant count in the
 * slots above b_k, is below k. N grows along the slots, so it is checked at those m slots only:
 * from one to the next its rise is hypergeometric, the chance of each count carried in s.work
 * (stepped slot by slot when the checks are at most STEP_SLOTS apart, with one division per slot).
 */
function groupBelow(s: Scratch, at: number): number {
  const info = s.iprecGroups;
  if (info[at + TOTAL]! > 0) return countBelow(s, at);
  const n = info[at + SIZE]!;
  const r = info[at + REL]!;
  const first = info[at + FIRST]!;
  const base = info[at + BASE]! - first;
  const p = s.work;
  const next = s.work2;
  p[0] = 1;
  let top = 0; // p is 0 past top
  let last = 0; // the slot of the last check
  for (let k = first; k <= r; k++) {
    const e = s.iprecSlots[base + k]! - 1;
    if (e > last && e - last <= STEP_SLOTS) {
      // N(e) from N(last), slot by slot: slot x + 1 holds a relevant document with chance
      // (relevant left) / (slots left); counts past k - 1 are dropped (they only grow)
      const keep = Math.min(k - 1, r);
      top = Math.min(top, keep);
      for (let x = last; x < e; x++) {
        const left = n - x;
        const share = 1 / left;
        const up = Math.min(keep, top + 1);
        if (up > top) p[up] = 0;
        for (let j = up; j > 0; j--) p[j] = (p[j]! * (left - r + j) + p[j - 1]! * (r - j + 1)) * share;
        p[0] = p[0]! * (left - r) * share;
        top = up;
      }
      last = e;
    } else if (e > last) {
      // N(e) from N(last) at once: the relevant among the e - last slots drawn from the n - last left
      const keep = Math.min(k - 1, r);
      for (let j = 0; j <= keep; j++) next[j] = 0;
      for (let j = 0; j <= top; j++) {
        if (p[j] === 0) continue;
        const draws = e - last;
        const lo = Math.max(0, draws - (n - last - (r - j)));
        const hi = Math.min(draws, r - j);
        if (j + lo > keep) continue;
        hypergeometric(n - last, r - j, draws, lo, hi, s.pmf);
        for (let x = lo; x <= hi && j + x <= keep; x++) next[j + x] = next[j + x]! + p[j]! * s.pmf[x - lo]!;
      }
      top = keep;
      for (let j = 0; j <= top; j++) p[j] = next[j]!;
      last = e;
    } else {
      top = Math.min(top, k - 1);
    }
  }
  let below = 0;
  for (let j = 0; j <= top; j++) below += p[j]!;
  return below;
}

/**
 * groupBelow by counting, for a group of at most COUNT_CELLS: with d_k = s_k - k, the other
 * documents above the k-th relevant one, the orders are the non-decreasing d_1 <= ... <= d_r in
 * [0, w], and the condition is d_k >= b_k - k for the candidates k. Row k counts the sequences
 * d_1 .. d_k ending at each d: the prefix sums of row k - 1 (from the least d allowed so far,
 * b_k - k rising with k), 0 below b_k - k. The count is exact, divided by C(n, r): O(r w)
 * additions, no division. Where the group's rows are kept (ROWS >= 0), rows before the first
 * candidate whose b_k moved since the last count (FROM) still hold, and are not counted again;
 * else one row is counted over in place.
 */
function countBelow(s: Scratch, at: number): number {
  const info = s.iprecGroups;
  const r = info[at + REL]!;
  const w = info[at + SIZE]! - r;
  const first = info[at + FIRST]!;
  const base = info[at + BASE]! - first;
  const kept = info[at + ROWS]! >= 0;
  const c = kept ? s.iprecRows : s.work;
  const origin = kept ? info[at + ROWS]! : 0;
  const stride = kept ? w + 1 : 0;
  let k = kept ? info[at + FROM]! : 1;
  info[at + FROM] = r + 1;
  let lo = k - 1 >= first ? s.iprecSlots[base + k - 1]! - (k - 1) : 0; // row k - 1 is 0 below lo
  if (k === 1) {
    for (let d = 0; d <= w; d++) c[origin + d] = 1;
    if (first === 1) for (const least = s.iprecSlots[base + 1]! - 1; lo < least; lo++) c[origin + lo] = 0;
    k = 2;
  }
  for (; k <= r; k++) {
    const row = origin + (k - 1) * stride;
    const above = row - stride;
    c[row + lo] = c[above + lo]!;
    for (let d = lo + 1; d <= w; d++) c[row + d] = c[row + d - 1]! + c[above + d]!;
    if (k >= first) for (const least = s.iprecSlots[base + k]! - k; lo < least; lo++) c[row + lo] = 0;
  }
  const last = origin + (r - 1) * stride;
  let count = 0;
  for (let d = lo; d <= w; d++) count += c[last + d]!;
  return count / info[at + TOTAL]!;
}

/** The expectation over random orders inside the groups (see iprec). */
function averageIprec(s: Scratch, col: number, c: number): number {
  const info = s.iprecGroups;
  const slots = s.iprecSlots; // per (group, k): b_k at the sweep's value
  const heap = s.iprecHeap; // per (group, k): its next value, group, k, slot
  // the candidate groups, their largest values, and the largest of their least values
  let groups = 0;
  let floor = 0;
  let before = 0;
  let start = 0;
  let base = 0;
  for (let g = 0; g < s.groupCount; g++) {
    const end = s.groupEnd[g]!;
    const n = end - start;
    const r = s.groupRel[g * s.levels + col]!;
    if (r > 0 && before + r >= c) {
      const at = FIELDS * groups++;
      const first = Math.max(1, c - before);
      // (R + k)/(t + x) rises with k at a fixed lag x - k, as R <= t: both at k = r
      const lowest = (before + r) / (start + n);
      const highest = (before + r) / (start + r);
      info[at + T] = start;
      info[at + BEFORE] = before;
      info[at + SIZE] = n;
      info[at + REL] = r;
      info[at + FIRST] = first;
      info[at + HIGHEST] = highest;
      info[at + BASE] = base;
      base += r - first + 1;
      floor = Math.max(floor, lowest);
    }
    before += r;
    start = end;
  }
  if (groups === 0) return 0;
  // b_k at floor (every group's b_k <= n - r + k there, so P(best <= floor) > 0), P(best <=
  // floor), and the values above it: each (group, k)'s from its first one past floor
  let below = 1;
  let heapSize = 0;
  let rows = 0;
  for (let g = 0; g < groups; g++) {
    const at = FIELDS * g;
    info[at + BELOW] = 1;
    if (info[at + HIGHEST]! <= floor) continue;
    const t = info[at + T]!;
    const R = info[at + BEFORE]!;
    const n = info[at + SIZE]!;
    const r = info[at + REL]!;
    const first = info[at + FIRST]!;
    // C(n, r), exactly (each product is C(n, i + 1) (i + 1) < 2^53), if counted, and its rows
    const cells = r * (n - r + 1);
    let total = 0;
    if (cells <= COUNT_CELLS) {
      total = 1;
      for (let i = 0; i < Math.min(r, n - r); i++) total = (total * (n - i)) / (i + 1);
    }
    info[at + TOTAL] = total;
    info[at + ROWS] = total > 0 && rows + cells <= IPREC_ROW_ROOM ? rows : -1;
    if (info[at + ROWS]! >= 0) rows += cells;
    info[at + FROM] = 1;
    for (let k = first; k <= r; k++) {
      let x = Math.min(n - r + k, Math.max(k - 1, Math.floor((R + k) / floor - t)));
      while (x >= k && !((R + k) / (t + x) > floor)) x--;
      while (x < n - r + k && (R + k) / (t + x + 1) > floor) x++;
      slots[info[at + BASE]! + k - first] = x + 1;
      if (x >= k) heapSize = heapPush(heap, heapSize, (R + k) / (t + x), g, k, x);
    }
    info[at + BELOW] = groupBelow(s, at);
    below *= info[at + BELOW]!;
  }
  let expected = floor * below;
  while (heapSize > 0) {
    const v = heap[0]!;
    // every stream at this value moves on (its b_k is now its slot); their groups are recounted
    while (heapSize > 0 && heap[0] === v) {
      const g = heap[1]!;
      const k = heap[2]!;
      const slot = heap[3]!;
      heapSize = heapPop(heap, heapSize);
      const at = FIELDS * g;
      slots[info[at + BASE]! + k - info[at + FIRST]!] = slot;
      info[at + BELOW] = -1;
      info[at + FROM] = Math.min(info[at + FROM]!, k);
      if (slot > k) heapSize = heapPush(heap, heapSize, (info[at + BEFORE]! + k) / (info[at + T]! + slot - 1), g, k, slot - 1);
    }
    let product = 1;
    for (let g = 0; g < groups; g++) {
      const at = FIELDS * g;
      if (info[at + BELOW] === -1) info[at + BELOW] = v >= info[at + HIGHEST]! ? 1 : groupBelow(s, at);
      product *= info[at + BELOW]!;
    }
    expected += v * (product - below);
    below = product;
  }
  return expected;
}

/** Pushes (value, group, k, slot) on the min-heap of 4-number entries; returns its new size. */
function heapPush(heap: Float64Array, size: number, value: number, group: number, k: number, slot: number): number {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (heap[4 * parent]! <= value) break;
    for (let f = 0; f < 4; f++) heap[4 * i + f] = heap[4 * parent + f]!;
    i = parent;
  }
  heap[4 * i] = value;
  heap[4 * i + 1] = group;
  heap[4 * i + 2] = k;
  heap[4 * i + 3] = slot;
  return size + 1;
}

/** Removes the heap's smallest entry; returns its new size. */
function heapPop(heap: Float64Array, size: number): number {
  const last = size - 1;
  const value = heap[4 * last]!;
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= last) break;
    if (child + 1 < last && heap[4 * (child + 1)]! < heap[4 * child]!) child++;
    if (heap[4 * child]! >= value) break;
    for (let f = 0; f < 4; f++) heap[4 * i + f] = heap[4 * child + f]!;
    i = child;
  }
  for (let f = 0; f < 4; f++) heap[4 * i + f] = heap[4 * last + f]!;
  return last;
}
