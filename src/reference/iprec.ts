import type { Scratch } from './scratch.js';

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
 * v, visited in ascending order (a heap merges each (group, k)'s values, ascending as s_k falls);
 * a group's P(M_V <= v) changes only at its own values, where it is recounted by a pass over its
 * slots with the chance of each count j of relevant documents placed (the (j + 1)-th may take
 * slot x only if it is not a candidate or its value (R + j + 1)/(t + x) <= v). So a group costs
 * O((n r)^2) and the rest O(n + R) memory; with one document per group (every mode but
 * average, `broken`) it is trec_eval's loop.
 */
export function iprec(s: Scratch, col: number, relevant: number, level: number, broken: boolean): number {
  const c = iprecRank(level, relevant);
  return broken ? brokenIprec(s, col, c) : averageIprec(s, col, c);
}

/** Every group one document or none: the best m / P_m over the relevant documents m >= c. */
function brokenIprec(s: Scratch, col: number, c: number): number {
  let best = 0;
  let before = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount; g++) {
    const end = s.groupEnd[g]!;
    const r = s.groupRel[g * s.levels + col]!;
    if (r > 0 && before + r >= c) best = Math.max(best, (before + 1) / (start + 1));
    before += r;
    start = end;
  }
  return best;
}

/**
 * P(M_V <= v) for group `g` of the candidate table: a pass over its n slots with the chance of
 * each count j of relevant documents placed; the (j + 1)-th may take slot x unless it is a
 * candidate (j + 1 >= first) whose value (R + j + 1)/(t + x) exceeds v.
 */
function groupBelow(s: Scratch, t: number, before: number, n: number, r: number, first: number, v: number): number {
  const p = s.work2;
  p[0] = 1;
  for (let j = 1; j <= r; j++) p[j] = 0;
  for (let x = 1; x <= n; x++) {
    const left = n - x + 1;
    for (let j = Math.min(r, x); j >= 0; j--) {
      const stay = j < r ? p[j]! * ((left - (r - j)) / left) : p[j]!;
      const allowed = j >= 1 && (j < first || (before + j) / (t + x) <= v);
      p[j] = stay + (allowed ? p[j - 1]! * ((r - j + 1) / left) : 0);
    }
  }
  return p[r]!;
}

/** The expectation over random orders inside the groups (see iprec). */
function averageIprec(s: Scratch, col: number, c: number): number {
  const info = s.iprecGroups; // per candidate group: t, R, n, r, first, P(M <= v)
  const heap = s.iprecHeap; // per (group, k): value, group, k, s
  let groups = 0;
  let heapSize = 0;
  let before = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount; g++) {
    const end = s.groupEnd[g]!;
    const n = end - start;
    const r = s.groupRel[g * s.levels + col]!;
    if (r > 0 && before + r >= c) {
      const first = Math.max(1, c - before);
      const at = 6 * groups;
      info[at] = start;
      info[at + 1] = before;
      info[at + 2] = n;
      info[at + 3] = r;
      info[at + 4] = first;
      info[at + 5] = 0;
      for (let k = first; k <= r; k++) heapSize = heapPush(heap, heapSize, (before + k) / (start + n - r + k), groups, k, n - r + k);
      groups++;
    }
    before += r;
    start = end;
  }
  if (groups === 0) return 0;
  let expected = 0;
  let below = 0;
  while (heapSize > 0) {
    const v = heap[0]!;
    // every stream at this value moves on; their groups are recounted at v
    while (heapSize > 0 && heap[0] === v) {
      const g = heap[1]!;
      const k = heap[2]!;
      const slot = heap[3]!;
      heapSize = heapPop(heap, heapSize);
      const at = 6 * g;
      info[at + 5] = -1;
      if (slot > k) heapSize = heapPush(heap, heapSize, (info[at + 1]! + k) / (info[at]! + slot - 1), g, k, slot - 1);
    }
    let product = 1;
    for (let g = 0; g < groups; g++) {
      const at = 6 * g;
      if (info[at + 5] === -1) info[at + 5] = groupBelow(s, info[at]!, info[at + 1]!, info[at + 2]!, info[at + 3]!, info[at + 4]!, v);
      product *= info[at + 5]!;
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
