import { hypergeometric } from './hypergeometric';
import { getF64, getI32, setF64 } from './memory';
import * as S from './scratch';

/**
 * The relevant rank interpolated precision starts from at recall `level`: c = round(level R),
 * halves away from zero, as trec_eval's lround.
 */
export function iprecRank(level: f64, relevant: f64): f64 {
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
export function iprec(col: i32, relevant: f64, level: f64, broken: bool): f64 {
  const c = iprecRank(level, relevant);
  // the query's values so far (iprec_at_recall and 11pt_avg read the same levels; levels share c)
  const cache = S.iprecCache;
  for (let i = 0; i < S.iprecCached; i++) if (getF64(cache, 3 * i) == <f64>col && getF64(cache, 3 * i + 1) == c) return getF64(cache, 3 * i + 2);
  const value = broken ? brokenIprec(col, c) : averageIprec(col, c);
  if (S.iprecCached < S.IPREC_CACHE) {
    setF64(cache, 3 * S.iprecCached, <f64>col);
    setF64(cache, 3 * S.iprecCached + 1, c);
    setF64(cache, 3 * S.iprecCached++ + 2, value);
  }
  return value;
}

/**
 * Every group one document or none: the best m / P_m over the relevant documents m >= c, read
 * from the query's suffix maxima S.iprecBest[m] (the best from the m-th relevant document on),
 * made at the first level asked for and kept for the query's other levels at that column.
 */
function brokenIprec(col: i32, c: f64): f64 {
  const best = S.iprecBest;
  if (S.iprecBestCol != col) {
    let found = 0;
    let before: f64 = 0;
    let start: f64 = 0;
    for (let g = 0; g < S.groupCount; g++) {
      const end = <f64>getI32(S.groupEnd, g);
      const r = getF64(S.groupRel, g * S.levels + col);
      if (r > 0) setF64(best, ++found, (before + 1) / (start + 1));
      before += r;
      start = end;
    }
    for (let m = found - 1; m >= 1; m--) setF64(best, m, Math.max(getF64(best, m), getF64(best, m + 1)));
    S.iprecBestCol = col;
    S.iprecFound = found;
  }
  return c > <f64>S.iprecFound || S.iprecFound == 0 ? 0 : getF64(best, <i32>Math.max(1, c));
}

// Checks at most this many slots apart are stepped slot by slot (a multiply-add per count and
// slot); farther apart, a hypergeometric jump (a pmf per count) costs less.
const STEP_SLOTS: f64 = 16;

// Fields of a candidate group in S.iprecGroups.
const T: i32 = 0;
const BEFORE: i32 = 1;
const SIZE: i32 = 2;
const REL: i32 = 3;
const FIRST: i32 = 4;
const HIGHEST: i32 = 5;
const BELOW: i32 = 6;
const BASE: i32 = 7;
const TOTAL: i32 = 8;
const ROWS: i32 = 9;
const FROM: i32 = 10;
const FIELDS: i32 = 11;

// A group of r relevant and w = n - r other documents with r (w + 1) at most this many is
// counted exactly (see countBelow): its C(n, r) orders stay below 2^53 (at most C(44, 22)).
const COUNT_CELLS: f64 = 512;

/**
 * P(M_V <= v) for the candidate group at `at` in S.iprecGroups, from S.iprecSlots[BASE + k -
 * FIRST] = b_k, the first slot whose value (R + k)/(t + b_k) <= v of each candidate k: the chance
 * that every candidate k sits at or below b_k, i.e. that N(b_k - 1), the relevant count in the
 * slots above b_k, is below k. N grows along the slots, so it is checked at those m slots only:
 * from one to the next its rise is hypergeometric, the chance of each count carried in S.work
 * (stepped slot by slot when the checks are at most STEP_SLOTS apart, with one division per slot).
 */
function groupBelow(at: i32): f64 {
  const info = S.iprecGroups;
  if (getF64(info, at + TOTAL) > 0) return countBelow(at);
  const n = getF64(info, at + SIZE);
  const r = getF64(info, at + REL);
  const first = getF64(info, at + FIRST);
  const base = getF64(info, at + BASE) - first;
  const p = S.work;
  const next = S.work2;
  setF64(p, 0, 1);
  let top = 0; // p is 0 past top
  let last: f64 = 0; // the slot of the last check
  for (let k = first; k <= r; k++) {
    const e = getF64(S.iprecSlots, <i32>(base + k)) - 1;
    if (e > last && e - last <= STEP_SLOTS) {
      // N(e) from N(last), slot by slot: slot x + 1 holds a relevant document with chance
      // (relevant left) / (slots left); counts past k - 1 are dropped (they only grow)
      const keep = <i32>Math.min(k - 1, r);
      top = min(top, keep);
      for (let x = last; x < e; x++) {
        const left = n - x;
        const share = 1 / left;
        const up = min(keep, top + 1);
        if (up > top) setF64(p, up, 0);
        for (let j = up; j > 0; j--) setF64(p, j, (getF64(p, j) * (left - r + <f64>j) + getF64(p, j - 1) * (r - <f64>j + 1)) * share);
        setF64(p, 0, getF64(p, 0) * (left - r) * share);
        top = up;
      }
      last = e;
    } else if (e > last) {
      // N(e) from N(last) at once: the relevant among the e - last slots drawn from the n - last left
      const keep = <i32>Math.min(k - 1, r);
      for (let j = 0; j <= keep; j++) setF64(next, j, 0);
      for (let j = 0; j <= top; j++) {
        if (getF64(p, j) == 0) continue;
        const draws = e - last;
        const lo = Math.max(0, draws - (n - last - (r - <f64>j)));
        const hi = Math.min(draws, r - <f64>j);
        if (<f64>j + lo > <f64>keep) continue;
        hypergeometric(n - last, r - <f64>j, draws, lo, hi, S.pmf);
        for (let x = lo; x <= hi && <f64>j + x <= <f64>keep; x++) {
          const to = j + <i32>x;
          setF64(next, to, getF64(next, to) + getF64(p, j) * getF64(S.pmf, <i32>(x - lo)));
        }
      }
      top = keep;
      for (let j = 0; j <= top; j++) setF64(p, j, getF64(next, j));
      last = e;
    } else {
      top = min(top, <i32>(k - 1));
    }
  }
  let below: f64 = 0;
  for (let j = 0; j <= top; j++) below += getF64(p, j);
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
function countBelow(at: i32): f64 {
  const info = S.iprecGroups;
  const r = getF64(info, at + REL);
  const w = <i32>(getF64(info, at + SIZE) - r);
  const first = getF64(info, at + FIRST);
  const base = getF64(info, at + BASE) - first;
  const kept = getF64(info, at + ROWS) >= 0;
  const c = kept ? S.iprecRows : S.work;
  const origin = kept ? <i32>getF64(info, at + ROWS) : 0;
  const stride = kept ? w + 1 : 0;
  let k = kept ? getF64(info, at + FROM) : 1;
  setF64(info, at + FROM, r + 1);
  let lo = k - 1 >= first ? <i32>(getF64(S.iprecSlots, <i32>(base + k - 1)) - (k - 1)) : 0; // row k - 1 is 0 below lo
  if (k == 1) {
    for (let d = 0; d <= w; d++) setF64(c, origin + d, 1);
    if (first == 1) for (const least = <i32>(getF64(S.iprecSlots, <i32>(base + 1)) - 1); lo < least; lo++) setF64(c, origin + lo, 0);
    k = 2;
  }
  for (; k <= r; k++) {
    const row = origin + (<i32>k - 1) * stride;
    const above = row - stride;
    setF64(c, row + lo, getF64(c, above + lo));
    for (let d = lo + 1; d <= w; d++) setF64(c, row + d, getF64(c, row + d - 1) + getF64(c, above + d));
    if (k >= first) for (const least = <i32>(getF64(S.iprecSlots, <i32>(base + k)) - k); lo < least; lo++) setF64(c, row + lo, 0);
  }
  const last = origin + (<i32>r - 1) * stride;
  let count: f64 = 0;
  for (let d = lo; d <= w; d++) count += getF64(c, last + d);
  return count / getF64(info, at + TOTAL);
}

/** The expectation over random orders inside the groups (see iprec). */
function averageIprec(col: i32, c: f64): f64 {
  const info = S.iprecGroups;
  const slots = S.iprecSlots; // per (group, k): b_k at the sweep's value
  const heap = S.iprecHeap; // per (group, k): its next value, group, k, slot
  // the candidate groups, their largest values, and the largest of their least values
  let groups = 0;
  let floor: f64 = 0;
  let before: f64 = 0;
  let start: f64 = 0;
  let base: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const n = end - start;
    const r = getF64(S.groupRel, g * S.levels + col);
    if (r > 0 && before + r >= c) {
      const at = FIELDS * groups++;
      const first = Math.max(1, c - before);
      // (R + k)/(t + x) rises with k at a fixed lag x - k, as R <= t: both at k = r
      const lowest = (before + r) / (start + n);
      const highest = (before + r) / (start + r);
      setF64(info, at + T, start);
      setF64(info, at + BEFORE, before);
      setF64(info, at + SIZE, n);
      setF64(info, at + REL, r);
      setF64(info, at + FIRST, first);
      setF64(info, at + HIGHEST, highest);
      setF64(info, at + BASE, base);
      base += r - first + 1;
      floor = Math.max(floor, lowest);
    }
    before += r;
    start = end;
  }
  if (groups == 0) return 0;
  // b_k at floor (every group's b_k <= n - r + k there, so P(best <= floor) > 0), P(best <=
  // floor), and the values above it: each (group, k)'s from its first one past floor
  let below: f64 = 1;
  let heapSize = 0;
  let rows: f64 = 0;
  for (let g = 0; g < groups; g++) {
    const at = FIELDS * g;
    setF64(info, at + BELOW, 1);
    if (getF64(info, at + HIGHEST) <= floor) continue;
    const t = getF64(info, at + T);
    const R = getF64(info, at + BEFORE);
    const n = getF64(info, at + SIZE);
    const r = getF64(info, at + REL);
    const first = getF64(info, at + FIRST);
    // C(n, r), exactly (each product is C(n, i + 1) (i + 1) < 2^53), if counted, and its rows
    const cells = r * (n - r + 1);
    let total: f64 = 0;
    if (cells <= COUNT_CELLS) {
      total = 1;
      for (let i: f64 = 0; i < Math.min(r, n - r); i++) total = (total * (n - i)) / (i + 1);
    }
    setF64(info, at + TOTAL, total);
    setF64(info, at + ROWS, total > 0 && rows + cells <= <f64>S.IPREC_ROW_ROOM ? rows : -1);
    if (getF64(info, at + ROWS) >= 0) rows += cells;
    setF64(info, at + FROM, 1);
    for (let k = first; k <= r; k++) {
      let x = Math.min(n - r + k, Math.max(k - 1, Math.floor((R + k) / floor - t)));
      while (x >= k && !((R + k) / (t + x) > floor)) x--;
      while (x < n - r + k && (R + k) / (t + x + 1) > floor) x++;
      setF64(slots, <i32>(getF64(info, at + BASE) + k - first), x + 1);
      if (x >= k) heapSize = heapPush(heap, heapSize, (R + k) / (t + x), <f64>g, k, x);
    }
    setF64(info, at + BELOW, groupBelow(at));
    below *= getF64(info, at + BELOW);
  }
  let expected = floor * below;
  while (heapSize > 0) {
    const v = getF64(heap, 0);
    // every stream at this value moves on (its b_k is now its slot); their groups are recounted
    while (heapSize > 0 && getF64(heap, 0) == v) {
      const g = <i32>getF64(heap, 1);
      const k = getF64(heap, 2);
      const slot = getF64(heap, 3);
      heapSize = heapPop(heap, heapSize);
      const at = FIELDS * g;
      setF64(slots, <i32>(getF64(info, at + BASE) + k - getF64(info, at + FIRST)), slot);
      setF64(info, at + BELOW, -1);
      setF64(info, at + FROM, Math.min(getF64(info, at + FROM), k));
      if (slot > k) heapSize = heapPush(heap, heapSize, (getF64(info, at + BEFORE) + k) / (getF64(info, at + T) + slot - 1), <f64>g, k, slot - 1);
    }
    let product: f64 = 1;
    for (let g = 0; g < groups; g++) {
      const at = FIELDS * g;
      if (getF64(info, at + BELOW) == -1) setF64(info, at + BELOW, v >= getF64(info, at + HIGHEST) ? 1 : groupBelow(at));
      product *= getF64(info, at + BELOW);
    }
    expected += v * (product - below);
    below = product;
  }
  return expected;
}

/** Pushes (value, group, k, slot) on the min-heap of 4-number entries; returns its new size. */
function heapPush(heap: usize, size: i32, value: f64, group: f64, k: f64, slot: f64): i32 {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (getF64(heap, 4 * parent) <= value) break;
    for (let f = 0; f < 4; f++) setF64(heap, 4 * i + f, getF64(heap, 4 * parent + f));
    i = parent;
  }
  setF64(heap, 4 * i, value);
  setF64(heap, 4 * i + 1, group);
  setF64(heap, 4 * i + 2, k);
  setF64(heap, 4 * i + 3, slot);
  return size + 1;
}

/** Removes the heap's smallest entry; returns its new size. */
function heapPop(heap: usize, size: i32): i32 {
  const last = size - 1;
  const value = getF64(heap, 4 * last);
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= last) break;
    if (child + 1 < last && getF64(heap, 4 * (child + 1)) < getF64(heap, 4 * child)) child++;
    if (getF64(heap, 4 * child) >= value) break;
    for (let f = 0; f < 4; f++) setF64(heap, 4 * i + f, getF64(heap, 4 * child + f));
    i = child;
  }
  for (let f = 0; f < 4; f++) setF64(heap, 4 * i + f, getF64(heap, 4 * last + f));
  return last;
}
