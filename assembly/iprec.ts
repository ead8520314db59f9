import { AVERAGE, IPREC_STEPS_MAX, KIND_IPREC, KIND_IPREC_MEAN, ROW_EXTRA, ROW_EXTRA_COUNT, ROW_KIND, ROW_PARAM, ROW_THRESHOLD, TREC } from './codes';
import { COUNT_CELLS, freeOrdersRow } from './freeOrders';
import { hypergeometric } from './hypergeometric';
import { getF64, getI32, setF64, setI32 } from './memory';
import { planMeasures, pool, rowField, rowInt } from './plan';
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
 * values, where it is recounted (see groupChances). A group of n slots, r relevant and m candidates
 * has O(m (n - r)) values; a recount costs O(r (n - r)) additions where r (n - r + 1) <=
 * COUNT_CELLS, else O(n r) multiply-adds, or O(m r^2) with hypergeometric jumps. Every rank the
 * query's rows ask for at this column is swept at once (see averageIprec): the ranks share their
 * groups but the first. With one document per group (every mode but average) it is trec_eval's
 * loop. In trec mode an empty ranking's value at c = 0 is NaN, trec_eval's 0 / 0 (its precision
 * of no documents), which it prints; the other modes give 0. Returns -1 when the sweep would take
 * more than IPREC_STEPS_MAX steps (no exact value is cheaper: see docs/measures.md).
 */
export function iprec(col: i32, relevant: f64, level: f64, mode: i32): f64 {
  const c = iprecRank(level, relevant);
  if (mode == TREC && S.n == 0 && c == 0) return NaN;
  // the query's values so far (iprec_at_recall and 11pt_avg read the same levels; levels share c)
  const cache = S.iprecCache;
  const key = cacheKey(col);
  for (let i = 0; i < S.iprecCached; i++) if (getF64(cache, 3 * i) == <f64>key && getF64(cache, 3 * i + 1) == c) return getF64(cache, 3 * i + 2);
  if (mode != AVERAGE) return keepIprec(key, c, brokenIprec(col, c));
  const count = iprecRanks(col, relevant, c);
  if (!averageIprec(col, count)) return -1;
  let value: f64 = 0;
  for (let l = 0; l < count; l++) {
    const rank = getF64(S.iprecLevels, LEVEL_FIELDS * l + RANK);
    const expected = keepIprec(key, rank, getF64(S.iprecLevels, LEVEL_FIELDS * l + EXPECTED));
    if (rank == c) value = expected;
  }
  return value;
}

/**
 * The key of column `col` in the query's cache: the column, past the relevance columns in the
 * judged view (a judged_only row reads another ranking at the same column).
 */
function cacheKey(col: i32): i32 {
  return S.judgedView ? col + S.levels : col;
}

/** Keeps a value in the query's cache under `key` (see cacheKey) while it has room; returns the value. */
function keepIprec(key: i32, c: f64, value: f64): f64 {
  const cache = S.iprecCache;
  if (S.iprecCached < S.IPREC_CACHE) {
    setF64(cache, 3 * S.iprecCached, <f64>key);
    setF64(cache, 3 * S.iprecCached + 1, c);
    setF64(cache, 3 * S.iprecCached++ + 2, value);
  }
  return value;
}

/**
 * The ranks to sweep at once, ascending, in S.iprecLevels' RANK: c, and those of the plan's
 * other interpolated precision rows at `col` that the cache lacks, as many as it has room for.
 * Returns how many.
 */
function iprecRanks(col: i32, relevant: f64, c: f64): i32 {
  const room = max(1, S.IPREC_CACHE - S.iprecCached);
  const key = cacheKey(col);
  let count = addRank(0, room, key, c);
  for (let row = 0; row < planMeasures(); row++) {
    if (rowInt(row, ROW_THRESHOLD) != col) continue;
    if (rowInt(row, ROW_KIND) == KIND_IPREC) count = addRank(count, room, key, iprecRank(rowField(row, ROW_PARAM), relevant));
    if (rowInt(row, ROW_KIND) == KIND_IPREC_MEAN) {
      const at = rowInt(row, ROW_EXTRA);
      for (let l = 0; l < rowInt(row, ROW_EXTRA_COUNT); l++) count = addRank(count, room, key, iprecRank(pool(at + l), relevant));
    }
  }
  return count;
}

/** Inserts rank c in order among the first `count` of S.iprecLevels, unless there, cached or out of room; returns the count. */
function addRank(count: i32, room: i32, key: i32, c: f64): i32 {
  const levels = S.iprecLevels;
  if (count >= room) return count;
  for (let l = 0; l < count; l++) if (getF64(levels, LEVEL_FIELDS * l + RANK) == c) return count;
  for (let i = 0; i < S.iprecCached; i++) if (getF64(S.iprecCache, 3 * i) == <f64>key && getF64(S.iprecCache, 3 * i + 1) == c) return count;
  let l = count;
  for (; l > 0 && getF64(levels, LEVEL_FIELDS * (l - 1) + RANK) > c; l--) setF64(levels, LEVEL_FIELDS * l + RANK, getF64(levels, LEVEL_FIELDS * (l - 1) + RANK));
  setF64(levels, LEVEL_FIELDS * l + RANK, c);
  return count + 1;
}

/**
 * Every group one document or none: the best m / P_m over the relevant documents m >= c, read
 * from the query's suffix maxima S.iprecBest[m] (the best from the m-th relevant document on),
 * made at the first level asked for and kept for the query's other levels at that column.
 */
function brokenIprec(col: i32, c: f64): f64 {
  const best = S.iprecBest;
  if (S.iprecBestCol != cacheKey(col)) {
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
    S.iprecBestCol = cacheKey(col);
    S.iprecFound = found;
  }
  return c > <f64>S.iprecFound || S.iprecFound == 0 ? 0 : getF64(best, <i32>Math.max(1, c));
}

// Checks at most this many slots apart are stepped slot by slot (a multiply-add per count and
// slot); farther apart, a hypergeometric jump (a pmf per count) costs less.
const STEP_SLOTS: f64 = 16;

/** A carried group's checks at most this many slots apart are stepped by Pascal's rule (an addition per count and slot); farther, a jump. */
const PASCAL_SLOTS: f64 = 2;

/** The largest count a group is carried in (see carriedBelow): below a double's range, with room for a binomial's ratio step. */
const CARRY_COUNT_MAX: f64 = 1e300;

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
const LOWEST: i32 = 11;
const HEADS_FROM: i32 = 12;
const HEADS_TO: i32 = 13;
const AFTER: i32 = 14;
const FIELDS: i32 = 15;

// Fields of a rank in S.iprecLevels: its first candidate group and candidate there, its floor, P(best <= v), the expectation so far.
const RANK: i32 = 0;
const HEAD: i32 = 1;
const HEAD_FIRST: i32 = 2;
const FLOOR: i32 = 3;
const HEAD_BELOW: i32 = 4;
const PRODUCT: i32 = 5;
const EXPECTED: i32 = 6;
const LEVEL_FIELDS: i32 = 7;

/**
 * P(M_V <= v) from candidate `first` on, for the candidate group at `at` in S.iprecGroups, from
 * S.iprecSlots[BASE + k - FIRST] = b_k, the first slot whose value (R + k)/(t + b_k) <= v of each
 * candidate k: the chance that every candidate k sits at or below b_k, i.e. that N(b_k - 1), the
 * relevant count in the slots above b_k, is below k. N grows along the slots, so it is checked at
 * those m slots only: from one to the next its rise is hypergeometric, the chance of each count
 * carried in S.work (stepped slot by slot when the checks are at most STEP_SLOTS apart, with one
 * division per slot).
 */
function groupBelow(at: i32, first: f64): f64 {
  const info = S.iprecGroups;
  const n = getF64(info, at + SIZE);
  const r = getF64(info, at + REL);
  const base = getF64(info, at + BASE) - getF64(info, at + FIRST);
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
        S.iprecSteps += <f64>up + 1;
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
        S.iprecSteps += 4 * (hi - lo + 1); // the law's terms, their sum, their division, the convolution
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
 * P(M_V <= v) by counting, for a group of at most COUNT_CELLS: with d_k = s_k - k, the other
 * documents above the k-th relevant one, the orders are the non-decreasing d_1 <= ... <= d_r in
 * [0, w], and the condition is d_k >= lo_k = b_k - k for the candidates k (lo_k rises with k).
 * Rows run from the last candidate back: row k holds S_k(e), the sequences d_k .. d_r with
 * d_k >= e that meet the conditions of k .. r, for e >= lo_k (below, S_k(lo_k)):
 * S_k(e) = S_k(e + 1) + S_{k+1}(max(e, lo_{k+1})), S_{r+1} = 1. From candidate f on, the free
 * d_1 <= ... <= d_{f-1} <= d_f add C(d_f + f - 1, f - 1) orders each, so the count is
 * S_1(lo_1) for f = 1, else the sum over e >= lo_f of S_{f+1}(max(e, lo_{f+1})) C(e + f - 1, f - 1).
 * The counts are exact, divided by C(n, r): O(r w) additions. Writes the chance from FIRST on to
 * BELOW and, for the ranks the group heads, from their first candidate on to their HEAD_BELOW.
 * Where the group's rows are kept (ROWS >= 0), rows past the last candidate whose b_k moved since
 * the last count (FROM) still hold, and are not counted again; else one row is counted over in place.
 */
function countBelow(at: i32): void {
  const info = S.iprecGroups;
  const levels = S.iprecLevels;
  const r = getF64(info, at + REL);
  const w = <i32>(getF64(info, at + SIZE) - r);
  const first = getF64(info, at + FIRST);
  const base = getF64(info, at + BASE) - first;
  const total = getF64(info, at + TOTAL);
  const kept = getF64(info, at + ROWS) >= 0;
  const c = kept ? S.iprecRows : S.work;
  const origin = kept ? <i32>getF64(info, at + ROWS) : 0;
  const stride = kept ? w + 1 : 0;
  const from = kept ? getF64(info, at + FROM) : r;
  // the ranks the group heads, by their first candidate, descending (the ranks ascend); those past `from` still hold
  const heads = <i32>getF64(info, at + HEADS_FROM);
  let l = <i32>getF64(info, at + HEADS_TO) - 1;
  while (l >= heads && getF64(levels, LEVEL_FIELDS * l + HEAD_FIRST) > from) l--;
  for (let k = from; k >= first; k--) {
    const lo = <i32>(getF64(S.iprecSlots, <i32>(base + k)) - k);
    const row = origin + (<i32>k - 1) * stride;
    const after = row + stride; // row k + 1 (the same row, counted over in place)
    // S_{k+1} at e >= loAfter; below, S_{k+1}(loAfter) (read before it is counted over); S_{r+1} = 1
    const loAfter = k < r ? <i32>(getF64(S.iprecSlots, <i32>(base + k + 1)) - (k + 1)) : w + 1;
    const least = k < r ? getF64(c, after + loAfter) : 1;
    // the ranks whose first candidate is k weigh each d_k = e by the free orders above it
    const weighed = (k == first || (l >= heads && getF64(levels, LEVEL_FIELDS * l + HEAD_FIRST) == k)) && k > 1;
    S.iprecSteps += <f64>(w - lo + 1);
    let sum: f64 = 0;
    let count: f64 = 0;
    let e = w;
    if (weighed) {
      const free = freeOrdersRow(<i32>k - 1);
      for (; e >= lo && e >= loAfter; e--) {
        const orders = getF64(c, after + e);
        sum += orders;
        setF64(c, row + e, sum);
        count += orders * getF64(free, e);
      }
      for (; e >= lo; e--) {
        sum += least;
        setF64(c, row + e, sum);
        count += least * getF64(free, e);
      }
    } else {
      for (; e >= lo && e >= loAfter; e--) {
        sum += getF64(c, after + e);
        setF64(c, row + e, sum);
      }
      for (; e >= lo; e--) {
        sum += least;
        setF64(c, row + e, sum);
      }
      count = sum;
    }
    if (k == first) setF64(info, at + BELOW, count / total);
    for (; l >= heads && getF64(levels, LEVEL_FIELDS * l + HEAD_FIRST) == k; l--) setF64(levels, LEVEL_FIELDS * l + HEAD_BELOW, count / total);
  }
  setF64(info, at + FROM, first - 1);
}

/** C(D, d) for d = 0 .. top to out[0 ..] (0 past D): the ratio recurrence, exact while below 2^53. */
function binomialRow(D: f64, top: f64, out: usize): void {
  setF64(out, 0, 1);
  for (let d: f64 = 1; d <= top; d++) setF64(out, <i32>d, d <= D ? (getF64(out, <i32>(d - 1)) * (D - d + 1)) / d : 0);
}

/**
 * C(n, r) for a group carried in whole counts (see carriedBelow), or 0 where a count could pass
 * CARRY_COUNT_MAX: every count is at most C(n, min(r, n / 2)).
 */
function carriedOrders(n: f64, r: f64): f64 {
  let most: f64 = 1;
  for (let i: f64 = 0; i < Math.min(r, Math.floor(n / 2)); i++) {
    most = (most * (n - i)) / (i + 1);
    if (most > CARRY_COUNT_MAX) return 0;
  }
  let orders: f64 = 1;
  for (let i: f64 = 0; i < Math.min(r, n - r); i++) orders = (orders * (n - i)) / (i + 1);
  return orders;
}

/**
 * P(M_V <= v) for a group past COUNT_CELLS whose counts stay below CARRY_COUNT_MAX (TOTAL holds
 * -C(n, r)), in whole (floating) counts from the last candidate back, as countBelow: with
 * e_k = b_k - 1, V_k(j) (j < k) is the number of ways to place the r - j relevant documents left
 * in slots e_k + 1 .. n so that the conditions of k + 1 .. r hold: V_r(j) = C(n - e_r, r - j) and
 * V_k(i) = sum over j = i .. k of C(e_{k+1} - e_k, j - i) V_{k+1}(j) (slot by slot by Pascal's
 * rule where the checks are at most PASCAL_SLOTS apart). From candidate f on, the chance is the
 * sum over i < f of C(e_f, i) V_f(i), over C(n, r): one pass answers FIRST and every rank the
 * group heads, with no division but the binomials'. All terms are positive: a relative error of
 * a few ulp per candidate. Kept rows (ROWS >= 0, in S.iprecRows) past the last candidate whose
 * b_k moved (FROM) still hold; else rows k and k + 1 take turns in S.work and S.work2, from r.
 * Counts its multiply-adds in S.iprecSteps.
 */
function carriedBelow(at: i32): void {
  const info = S.iprecGroups;
  const levels = S.iprecLevels;
  const n = getF64(info, at + SIZE);
  const r = getF64(info, at + REL);
  const first = getF64(info, at + FIRST);
  const base = getF64(info, at + BASE) - first;
  const total = -getF64(info, at + TOTAL);
  const kept = getF64(info, at + ROWS) >= 0;
  const stride = <i32>r + 1;
  const from = kept ? getF64(info, at + FROM) : r;
  const bin = S.pmf;
  const rowBin = S.pmf2;
  const heads = <i32>getF64(info, at + HEADS_FROM);
  let l = <i32>getF64(info, at + HEADS_TO) - 1;
  while (l >= heads && getF64(levels, LEVEL_FIELDS * l + HEAD_FIRST) > from) l--;
  for (let k = from; k >= first; k--) {
    const e = getF64(S.iprecSlots, <i32>(base + k)) - 1;
    const ki = <i32>k;
    // row k (V_k) and row k + 1 (V_{k+1}, j = 0 .. k)
    const row = kept ? S.iprecRows : ki % 2 == 0 ? S.work : S.work2;
    const at0 = kept ? <i32>getF64(info, at + ROWS) + (ki - <i32>first) * stride : 0;
    const above = kept ? S.iprecRows : ki % 2 == 0 ? S.work2 : S.work;
    const at1 = kept ? at0 + stride : 0;
    if (k == r) {
      binomialRow(n - e, r, bin);
      for (let j = 0; j < ki; j++) setF64(row, at0 + j, getF64(bin, ki - j));
      S.iprecSteps += r;
    } else {
      const gap = Math.max(0, getF64(S.iprecSlots, <i32>(base + k + 1)) - 1 - e);
      if (gap <= PASCAL_SLOTS) {
        // slot by slot: V(x, i) = V(x + 1, i) + V(x + 1, i + 1)
        for (let i = 0; i <= ki; i++) setF64(row, at0 + i, getF64(above, at1 + i));
        for (let x: f64 = 0; x < gap; x++) for (let i = 0; i < ki; i++) setF64(row, at0 + i, getF64(row, at0 + i) + getF64(row, at0 + i + 1));
        S.iprecSteps += gap * k;
      } else {
        binomialRow(gap, k, bin);
        const reach = <i32>Math.min(gap, k);
        for (let i = 0; i < ki; i++) {
          let sum: f64 = 0;
          const hi = min(ki, i + reach);
          for (let j = i; j <= hi; j++) sum += getF64(bin, j - i) * getF64(above, at1 + j);
          setF64(row, at0 + i, sum);
          S.iprecSteps += <f64>(hi - i + 1);
        }
        S.iprecSteps += k;
      }
    }
    if (k == first || (l >= heads && getF64(levels, LEVEL_FIELDS * l + HEAD_FIRST) == k)) {
      binomialRow(e, k - 1, rowBin);
      let count: f64 = 0;
      for (let i = 0; i < ki; i++) count += getF64(rowBin, i) * getF64(row, at0 + i);
      const chance = count / total;
      if (k == first) setF64(info, at + BELOW, chance);
      for (; l >= heads && getF64(levels, LEVEL_FIELDS * l + HEAD_FIRST) == k; l--) setF64(levels, LEVEL_FIELDS * l + HEAD_BELOW, chance);
      S.iprecSteps += 2 * k;
    }
  }
  setF64(info, at + FROM, first - 1);
}

/**
 * A group's chances at the sweep's value v (see averageIprec): 1 from its largest value on, 0
 * below its least, else counted (see countBelow) or carried (see groupBelow), from FIRST on to
 * BELOW and for the ranks it heads from their first candidate on.
 */
function groupChances(at: i32, v: f64): void {
  const info = S.iprecGroups;
  const levels = S.iprecLevels;
  const whole: f64 = v >= getF64(info, at + HIGHEST) ? 1 : v < getF64(info, at + LOWEST) ? 0 : -1;
  if (whole < 0 && getF64(info, at + TOTAL) > 0) {
    countBelow(at);
    return;
  }
  if (whole < 0 && getF64(info, at + TOTAL) < 0) {
    carriedBelow(at);
    return;
  }
  setF64(info, at + BELOW, whole >= 0 ? whole : groupBelow(at, getF64(info, at + FIRST)));
  for (let l = <i32>getF64(info, at + HEADS_FROM); l < <i32>getF64(info, at + HEADS_TO); l++) {
    const first = getF64(levels, LEVEL_FIELDS * l + HEAD_FIRST);
    setF64(levels, LEVEL_FIELDS * l + HEAD_BELOW, whole >= 0 ? whole : first == getF64(info, at + FIRST) ? getF64(info, at + BELOW) : groupBelow(at, first));
  }
}

/** The products of the chances of the groups after each group (AFTER) of the groups before `from` back to `to`, from those after them. */
function multiplyAfter(from: i32, to: i32): void {
  const info = S.iprecGroups;
  S.iprecSteps += <f64>max(0, from - to);
  for (let g = from - 1; g >= to; g--) setF64(info, FIELDS * g + AFTER, getF64(info, FIELDS * (g + 1) + BELOW) * getF64(info, FIELDS * (g + 1) + AFTER));
}

/** P(best <= v) of rank l: its head's chance from its first candidate on times the chances of the groups after it. */
function rankProduct(l: i32): f64 {
  return getF64(S.iprecLevels, LEVEL_FIELDS * l + HEAD_BELOW) * getF64(S.iprecGroups, FIELDS * <i32>getF64(S.iprecLevels, LEVEL_FIELDS * l + HEAD) + AFTER);
}

/**
 * The expectations of the `count` ranks of S.iprecLevels (ascending) at once, to their EXPECTED
 * (see iprec). The ranks' candidate groups are the last ones of the least rank's: a rank c has
 * those from its head, the first group with R + r >= c, whose candidates start at k = c - R;
 * past its head a group's candidates are all its relevant documents, whatever the rank. So one
 * sweep from the least floor (the last rank's) counts each group's chances once at each of its
 * values; where one changed, the products of the chances after each group are made again from
 * it back (AFTER), and the ranks it belongs to take their head's chance times the product after
 * their head. A rank's product is 0 below its floor, as one of its groups is: the ranks whose
 * floor is above the sweep's value, and the groups before their heads, wait; so do the
 * candidates only they read: each starts just below the floor of the last rank reading it, so a
 * sparse set of ranks does not step through the values below its higher floors. Counts the
 * recounts' steps in S.iprecSteps; returns false, the expectations unmade, past IPREC_STEPS_MAX.
 */
function averageIprec(col: i32, count: i32): bool {
  const info = S.iprecGroups;
  const levels = S.iprecLevels;
  const slots = S.iprecSlots; // per (group, k): b_k at the sweep's value
  const heap = S.iprecHeap; // per (group, k): its next value, group, k, slot
  const least = getF64(levels, RANK);
  // the least rank's candidate groups, their least and largest values
  let groups = 0;
  let before: f64 = 0;
  let start: f64 = 0;
  let base: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const n = end - start;
    const r = getF64(S.groupRel, g * S.levels + col);
    if (r > 0 && before + r >= least) {
      const at = FIELDS * groups++;
      const first = Math.max(1, least - before);
      setF64(info, at + T, start);
      setF64(info, at + BEFORE, before);
      setF64(info, at + SIZE, n);
      setF64(info, at + REL, r);
      setF64(info, at + FIRST, first);
      // (R + k)/(t + x) rises with k at a fixed lag x - k, as R <= t: both at k = r
      setF64(info, at + LOWEST, (before + r) / (start + n));
      setF64(info, at + HIGHEST, (before + r) / (start + r));
      setF64(info, at + BASE, base);
      setF64(info, at + HEADS_FROM, 0);
      setF64(info, at + HEADS_TO, 0);
      base += r - first + 1;
    }
    before += r;
    start = end;
  }
  // each rank's head and first candidate there (a rank past the relevant documents retrieved is 0)
  let live = 0;
  for (let l = 0, head = 0; l < count; l++) {
    const c = getF64(levels, LEVEL_FIELDS * l + RANK);
    while (head < groups && getF64(info, FIELDS * head + BEFORE) + getF64(info, FIELDS * head + REL) < c) head++;
    setF64(levels, LEVEL_FIELDS * l + EXPECTED, 0);
    if (head == groups) continue;
    live = l + 1;
    const at = FIELDS * head;
    setF64(levels, LEVEL_FIELDS * l + HEAD, <f64>head);
    setF64(levels, LEVEL_FIELDS * l + HEAD_FIRST, Math.max(1, c - getF64(info, at + BEFORE)));
    if (getF64(info, at + HEADS_TO) == getF64(info, at + HEADS_FROM)) setF64(info, at + HEADS_FROM, <f64>l);
    setF64(info, at + HEADS_TO, <f64>(l + 1));
  }
  if (live == 0) return true;
  // each rank's floor, the largest least value of its groups, from the last rank back
  let floor: f64 = 0;
  for (let l = live - 1, g = groups; l >= 0; l--) {
    for (; <f64>g > getF64(levels, LEVEL_FIELDS * l + HEAD); g--) floor = Math.max(floor, getF64(info, FIELDS * (g - 1) + LOWEST));
    setF64(levels, LEVEL_FIELDS * l + FLOOR, floor);
  }
  const bottom = getF64(levels, LEVEL_FIELDS * (live - 1) + FLOOR);
  // b_k at the least floor (every group's b_k <= n - r + k there), the chances there, and the
  // values above it: each (group, k)'s from its first one past it. A candidate the last rank does
  // not read starts where the last rank reading it opens, at its floor u: just below u (b_k the
  // first slot below u, the values from u on), as no open rank reads it before
  let heapSize = 0;
  let rows: f64 = 0;
  S.iprecSteps = 0;
  let reader = 0; // the last rank reading the candidate
  for (let g = 0; g < groups; g++) {
    const at = FIELDS * g;
    if (getF64(info, at + HIGHEST) <= bottom) {
      groupChances(at, bottom);
      continue;
    }
    const t = getF64(info, at + T);
    const R = getF64(info, at + BEFORE);
    const n = getF64(info, at + SIZE);
    const r = getF64(info, at + REL);
    const first = getF64(info, at + FIRST);
    // C(n, r), exactly (each product is C(n, i + 1) (i + 1) < 2^53), if counted, and its rows
    const cells = r * (n - r + 1);
    let total: f64 = 0;
    if (cells <= <f64>COUNT_CELLS) {
      total = 1;
      for (let i: f64 = 0; i < Math.min(r, n - r); i++) total = (total * (n - i)) / (i + 1);
    }
    setF64(info, at + TOTAL, total);
    setF64(info, at + ROWS, total > 0 && rows + cells <= <f64>S.IPREC_ROW_ROOM ? rows : -1);
    if (getF64(info, at + ROWS) >= 0) rows += cells;
    // a larger group is carried in whole counts where none can pass CARRY_COUNT_MAX (TOTAL
    // -C(n, r)), its rows kept beside the counted groups' while they have room
    if (total == 0) {
      const orders = carriedOrders(n, r);
      const need = (r - first + 1) * (r + 1);
      if (orders > 0) {
        setF64(info, at + TOTAL, -orders);
        if (rows + need <= <f64>S.IPREC_ROW_ROOM) {
          setF64(info, at + ROWS, rows);
          rows += need;
        }
      }
    }
    setF64(info, at + FROM, r);
    for (let k = first; k <= r; k++) {
      while (reader + 1 < live && (getF64(levels, LEVEL_FIELDS * (reader + 1) + HEAD) < <f64>g || (getF64(levels, LEVEL_FIELDS * (reader + 1) + HEAD) == <f64>g && getF64(levels, LEVEL_FIELDS * (reader + 1) + HEAD_FIRST) <= k))) reader++;
      const u = getF64(levels, LEVEL_FIELDS * reader + FLOOR);
      const below = u > bottom; // from just below u (its values from u on), else from u (those past it)
      let x = Math.min(n - r + k, Math.max(k - 1, Math.floor((R + k) / u - t)));
      while (x >= k && !((R + k) / (t + x) > u || (below && (R + k) / (t + x) == u))) x--;
      while (x < n - r + k && ((R + k) / (t + x + 1) > u || (below && (R + k) / (t + x + 1) == u))) x++;
      setF64(slots, <i32>(getF64(info, at + BASE) + k - first), x + 1);
      if (x >= k) heapSize = heapPush(heap, heapSize, (R + k) / (t + x), <f64>g, k, x);
    }
    groupChances(at, bottom);
  }
  // the ranks from `open` on have their floor at or below the sweep's value (below it a rank's
  // product is 0); the products after the groups from `valid` on are up to date
  let open = live - 1;
  while (open > 0 && getF64(levels, LEVEL_FIELDS * (open - 1) + FLOOR) <= bottom) open--;
  setF64(info, FIELDS * (groups - 1) + AFTER, 1);
  let valid = <i32>getF64(levels, LEVEL_FIELDS * open + HEAD);
  multiplyAfter(groups - 1, valid);
  for (let l = 0; l < live; l++) {
    const product: f64 = l < open ? 0 : rankProduct(l);
    setF64(levels, LEVEL_FIELDS * l + PRODUCT, product);
    setF64(levels, LEVEL_FIELDS * l + EXPECTED, bottom * product);
  }
  while (heapSize > 0) {
    const v = getF64(heap, 0);
    // every stream at this value moves on (its b_k is now its slot, its next value takes its place
    // in the heap); their groups are recounted
    let marked = 0;
    while (heapSize > 0 && getF64(heap, 0) == v) {
      const g = <i32>getF64(heap, 1);
      const k = getF64(heap, 2);
      const slot = getF64(heap, 3);
      const at = FIELDS * g;
      setF64(slots, <i32>(getF64(info, at + BASE) + k - getF64(info, at + FIRST)), slot);
      if (getF64(info, at + BELOW) != -1) setI32(S.iprecMarked, marked++, g);
      setF64(info, at + BELOW, -1);
      setF64(info, at + FROM, Math.max(getF64(info, at + FROM), k));
      if (slot > k) heapReplace(heap, heapSize, (getF64(info, at + BEFORE) + k) / (getF64(info, at + T) + slot - 1), <f64>g, k, slot - 1);
      else heapSize = heapPop(heap, heapSize);
    }
    // ranks opening at their floor read groups before the open ranks' heads, whose candidates
    // started just below it (their chances may be a 0 from below their least value): those are
    // recounted too, from their first candidate at least (the mark clears BELOW)
    const opened = open;
    while (open > 0 && getF64(levels, LEVEL_FIELDS * (open - 1) + FLOOR) <= v) open--;
    if (open < opened) {
      for (let g = <i32>getF64(levels, LEVEL_FIELDS * open + HEAD); g < <i32>getF64(levels, LEVEL_FIELDS * opened + HEAD); g++) {
        const at = FIELDS * g;
        if (getF64(info, at + BELOW) != -1) setI32(S.iprecMarked, marked++, g);
        setF64(info, at + BELOW, -1);
        setF64(info, at + FROM, Math.max(getF64(info, at + FROM), getF64(info, at + FIRST)));
      }
    }
    let last = -1; // the last group recounted: the ranks whose head is at or before it change
    for (let i = 0; i < marked; i++) {
      const g = getI32(S.iprecMarked, i);
      groupChances(FIELDS * g, v);
      last = max(last, g);
    }
    multiplyAfter(max(valid, last), <i32>getF64(levels, LEVEL_FIELDS * open + HEAD));
    valid = <i32>getF64(levels, LEVEL_FIELDS * open + HEAD);
    for (let l = open; l < live && getF64(levels, LEVEL_FIELDS * l + HEAD) <= <f64>last; l++) {
      const product = rankProduct(l);
      setF64(levels, LEVEL_FIELDS * l + EXPECTED, getF64(levels, LEVEL_FIELDS * l + EXPECTED) + v * (product - getF64(levels, LEVEL_FIELDS * l + PRODUCT)));
      setF64(levels, LEVEL_FIELDS * l + PRODUCT, product);
    }
    if (S.iprecSteps > <f64>IPREC_STEPS_MAX) return false;
  }
  return true;
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

/** Puts (value, group, k, slot) in place of the heap's smallest entry (a pop and a push in one sift); the size stays. */
function heapReplace(heap: usize, size: i32, value: f64, group: f64, k: f64, slot: f64): void {
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && getF64(heap, 4 * (child + 1)) < getF64(heap, 4 * child)) child++;
    if (getF64(heap, 4 * child) >= value) break;
    for (let f = 0; f < 4; f++) setF64(heap, 4 * i + f, getF64(heap, 4 * child + f));
    i = child;
  }
  setF64(heap, 4 * i, value);
  setF64(heap, 4 * i + 1, group);
  setF64(heap, 4 * i + 2, k);
  setF64(heap, 4 * i + 3, slot);
}

/** Removes the heap's smallest entry; returns its new size. */
function heapPop(heap: usize, size: i32): i32 {
  const last = size - 1;
  heapReplace(heap, last, getF64(heap, 4 * last), getF64(heap, 4 * last + 1), getF64(heap, 4 * last + 2), getF64(heap, 4 * last + 3));
  return last;
}
