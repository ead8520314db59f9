import { IPREC_STEPS_MAX } from '../measures/codes.js';
import { ROW_SIZE, Row, type Plan } from '../measures/plan.js';
import { Kind } from '../measures/table.js';
import { COUNT_CELLS, FREE_ORDERS, freeOrdersRow } from './freeOrders.js';
import { hypergeometric } from './hypergeometric.js';
import { IPREC_CACHE, IPREC_ROW_ROOM, type Scratch } from './scratch.js';
import { AVERAGE, TREC } from '../ties/modes.js';

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
 * values, where it is recounted (see groupChances). A group of n slots, r relevant and m candidates
 * has O(m (n - r)) values; a recount costs O(r (n - r)) additions where r (n - r + 1) <=
 * COUNT_CELLS, else O(n r) multiply-adds, or O(m r^2) with hypergeometric jumps. Every rank the
 * query's rows ask for at this column is swept at once (see averageIprec): the ranks share their
 * groups but the first. With one document per group (every mode but average) it is trec_eval's
 * loop. In trec mode an empty ranking's value at c = 0 is NaN, trec_eval's 0 / 0 (its precision
 * of no documents), which it prints; the other modes give 0. Returns -1 when the sweep would take
 * more than IPREC_STEPS_MAX steps (no exact value is cheaper: see docs/measures.md).
 */
export function iprec(s: Scratch, plan: Plan, col: number, relevant: number, level: number, mode: number): number {
  const c = iprecRank(level, relevant);
  if (mode === TREC && s.n === 0 && c === 0) return NaN;
  // the query's values so far (iprec_at_recall and 11pt_avg read the same levels; levels share c)
  const cache = s.iprecCache;
  const key = cacheKey(s, col);
  for (let i = 0; i < s.iprecCached; i++) if (cache[3 * i] === key && cache[3 * i + 1] === c) return cache[3 * i + 2]!;
  if (mode !== AVERAGE) return keepIprec(s, key, c, brokenIprec(s, col, c));
  const count = iprecRanks(s, plan, col, relevant, c);
  if (!averageIprec(s, col, count)) return -1;
  let value = 0;
  for (let l = 0; l < count; l++) {
    const rank = s.iprecLevels[LEVEL_FIELDS * l + RANK]!;
    const expected = keepIprec(s, key, rank, s.iprecLevels[LEVEL_FIELDS * l + EXPECTED]!);
    if (rank === c) value = expected;
  }
  return value;
}

/**
 * The key of column `col` in the query's cache: the column, past the relevance columns in the
 * judged view (a judged_only row reads another ranking at the same column).
 */
function cacheKey(s: Scratch, col: number): number {
  return s.judgedView ? col + s.levels : col;
}

/** Keeps a value in the query's cache under `key` (see cacheKey) while it has room; returns the value. */
function keepIprec(s: Scratch, key: number, c: number, value: number): number {
  const cache = s.iprecCache;
  if (s.iprecCached < IPREC_CACHE) {
    cache[3 * s.iprecCached] = key;
    cache[3 * s.iprecCached + 1] = c;
    cache[3 * s.iprecCached++ + 2] = value;
  }
  return value;
}

/**
 * The ranks to sweep at once, ascending, in s.iprecLevels' RANK: c, and those of the plan's
 * other interpolated precision rows at `col` that the cache lacks, as many as it has room for.
 * Returns how many.
 */
function iprecRanks(s: Scratch, plan: Plan, col: number, relevant: number, c: number): number {
  const rows = plan.rows;
  const room = Math.max(1, IPREC_CACHE - s.iprecCached);
  const key = cacheKey(s, col);
  let count = addRank(s, 0, room, key, c);
  for (let row = 0; row < plan.measures.length; row++) {
    const r = row * ROW_SIZE;
    if (rows[r + Row.THRESHOLD] !== col) continue;
    if (rows[r + Row.KIND] === Kind.IPREC) count = addRank(s, count, room, key, iprecRank(rows[r + Row.PARAM]!, relevant));
    if (rows[r + Row.KIND] === Kind.IPREC_MEAN) {
      const at = rows[r + Row.EXTRA]!;
      for (let l = 0; l < rows[r + Row.EXTRA_COUNT]!; l++) count = addRank(s, count, room, key, iprecRank(plan.pool[at + l]!, relevant));
    }
  }
  return count;
}

/** Inserts rank c in order among the first `count` of s.iprecLevels, unless there, cached or out of room; returns the count. */
function addRank(s: Scratch, count: number, room: number, key: number, c: number): number {
  const levels = s.iprecLevels;
  if (count >= room) return count;
  for (let l = 0; l < count; l++) if (levels[LEVEL_FIELDS * l + RANK] === c) return count;
  for (let i = 0; i < s.iprecCached; i++) if (s.iprecCache[3 * i] === key && s.iprecCache[3 * i + 1] === c) return count;
  let l = count;
  for (; l > 0 && levels[LEVEL_FIELDS * (l - 1) + RANK]! > c; l--) levels[LEVEL_FIELDS * l + RANK] = levels[LEVEL_FIELDS * (l - 1) + RANK]!;
  levels[LEVEL_FIELDS * l + RANK] = c;
  return count + 1;
}

/**
 * Every group one document or none: the best m / P_m over the relevant documents m >= c, read
 * from the query's suffix maxima s.iprecBest[m] (the best from the m-th relevant document on),
 * made at the first level asked for and kept for the query's other levels at that column.
 */
function brokenIprec(s: Scratch, col: number, c: number): number {
  const best = s.iprecBest;
  if (s.iprecBestCol !== cacheKey(s, col)) {
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
    s.iprecBestCol = cacheKey(s, col);
    s.iprecFound = found;
  }
  return c > s.iprecFound || s.iprecFound === 0 ? 0 : best[Math.max(1, c)]!;
}

/**
 * Checks at most this many slots apart are stepped slot by slot (a multiply-add per count and
 * slot); farther apart, a hypergeometric jump (a pmf per count) costs less.
 */
const STEP_SLOTS = 16;

/** A carried group's checks at most this many slots apart are stepped by Pascal's rule (an addition per count and slot); farther, a jump. */
const PASCAL_SLOTS = 2;

/** The largest count a group is carried in (see carriedBelow): below a double's range, with room for a binomial's ratio step. */
const CARRY_COUNT_MAX = 1e300;

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
const LOWEST = 11;
const HEADS_FROM = 12;
const HEADS_TO = 13;
const AFTER = 14;
const FIELDS = 15;

/** Fields of a rank in s.iprecLevels: its first candidate group and candidate there, its floor, P(best <= v), the expectation so far. */
const RANK = 0;
const HEAD = 1;
const HEAD_FIRST = 2;
const FLOOR = 3;
const HEAD_BELOW = 4;
const PRODUCT = 5;
const EXPECTED = 6;
const LEVEL_FIELDS = 7;

/**
 * P(M_V <= v) from candidate `first` on, for the candidate group at `at` in s.iprecGroups, from
 * s.iprecSlots[BASE + k - FIRST] = b_k, the first slot whose value (R + k)/(t + b_k) <= v of each
 * candidate k: the chance that every candidate k sits at or below b_k, i.e. that N(b_k - 1), the
 * relevant count in the slots above b_k, is below k. N grows along the slots, so it is checked at
 * those m slots only: from one to the next its rise is hypergeometric, the chance of each count
 * carried in s.work (stepped slot by slot when the checks are at most STEP_SLOTS apart, with one
 * division per slot).
 */
function groupBelow(s: Scratch, at: number, first: number): number {
  const info = s.iprecGroups;
  const n = info[at + SIZE]!;
  const r = info[at + REL]!;
  const base = info[at + BASE]! - info[at + FIRST]!;
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
        s.iprecSteps += up + 1;
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
        s.iprecSteps += 4 * (hi - lo + 1); // the law's terms, their sum, their division, the convolution
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
function countBelow(s: Scratch, at: number): void {
  const info = s.iprecGroups;
  const levels = s.iprecLevels;
  const r = info[at + REL]!;
  const w = info[at + SIZE]! - r;
  const first = info[at + FIRST]!;
  const base = info[at + BASE]! - first;
  const total = info[at + TOTAL]!;
  const kept = info[at + ROWS]! >= 0;
  const c = kept ? s.iprecRows : s.work;
  const origin = kept ? info[at + ROWS]! : 0;
  const stride = kept ? w + 1 : 0;
  const from = kept ? info[at + FROM]! : r;
  // the ranks the group heads, by their first candidate, descending (the ranks ascend); those past `from` still hold
  const heads = info[at + HEADS_FROM]!;
  let l = info[at + HEADS_TO]! - 1;
  while (l >= heads && levels[LEVEL_FIELDS * l + HEAD_FIRST]! > from) l--;
  for (let k = from; k >= first; k--) {
    const lo = s.iprecSlots[base + k]! - k;
    const row = origin + (k - 1) * stride;
    const after = row + stride; // row k + 1 (the same row, counted over in place)
    // S_{k+1} at e >= loAfter; below, S_{k+1}(loAfter) (read before it is counted over); S_{r+1} = 1
    const loAfter = k < r ? s.iprecSlots[base + k + 1]! - (k + 1) : w + 1;
    const least = k < r ? c[after + loAfter]! : 1;
    // the ranks whose first candidate is k weigh each d_k = e by the free orders above it
    const weighed = (k === first || (l >= heads && levels[LEVEL_FIELDS * l + HEAD_FIRST] === k)) && k > 1;
    s.iprecSteps += w - lo + 1;
    let sum = 0;
    let count = 0;
    let e = w;
    if (weighed) {
      const free = freeOrdersRow(k - 1);
      for (; e >= lo && e >= loAfter; e--) {
        const orders = c[after + e]!;
        sum += orders;
        c[row + e] = sum;
        count += orders * FREE_ORDERS[free + e]!;
      }
      for (; e >= lo; e--) {
        sum += least;
        c[row + e] = sum;
        count += least * FREE_ORDERS[free + e]!;
      }
    } else {
      for (; e >= lo && e >= loAfter; e--) {
        sum += c[after + e]!;
        c[row + e] = sum;
      }
      for (; e >= lo; e--) {
        sum += least;
        c[row + e] = sum;
      }
      count = sum;
    }
    if (k === first) info[at + BELOW] = count / total;
    for (; l >= heads && levels[LEVEL_FIELDS * l + HEAD_FIRST] === k; l--) levels[LEVEL_FIELDS * l + HEAD_BELOW] = count / total;
  }
  info[at + FROM] = first - 1;
}

/** C(D, d) for d = 0 .. top to out[0 ..] (0 past D): the ratio recurrence, exact while below 2^53. */
function binomialRow(D: number, top: number, out: Float64Array): void {
  out[0] = 1;
  for (let d = 1; d <= top; d++) out[d] = d <= D ? (out[d - 1]! * (D - d + 1)) / d : 0;
}

/**
 * C(n, r) for a group carried in whole counts (see carriedBelow), or 0 where a count could pass
 * CARRY_COUNT_MAX: every count is at most C(n, min(r, n / 2)).
 */
function carriedOrders(n: number, r: number): number {
  let most = 1;
  for (let i = 0; i < Math.min(r, Math.floor(n / 2)); i++) {
    most = (most * (n - i)) / (i + 1);
    if (most > CARRY_COUNT_MAX) return 0;
  }
  let orders = 1;
  for (let i = 0; i < Math.min(r, n - r); i++) orders = (orders * (n - i)) / (i + 1);
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
 * a few ulp per candidate. Kept rows (ROWS >= 0, in s.iprecRows) past the last candidate whose
 * b_k moved (FROM) still hold; else rows k and k + 1 take turns in s.work and s.work2, from r.
 * Counts its multiply-adds in s.iprecSteps.
 */
function carriedBelow(s: Scratch, at: number): void {
  const info = s.iprecGroups;
  const levels = s.iprecLevels;
  const n = info[at + SIZE]!;
  const r = info[at + REL]!;
  const first = info[at + FIRST]!;
  const base = info[at + BASE]! - first;
  const total = -info[at + TOTAL]!;
  const kept = info[at + ROWS]! >= 0;
  const stride = r + 1;
  const from = kept ? info[at + FROM]! : r;
  const bin = s.pmf;
  const rowBin = s.pmf2;
  const heads = info[at + HEADS_FROM]!;
  let l = info[at + HEADS_TO]! - 1;
  while (l >= heads && levels[LEVEL_FIELDS * l + HEAD_FIRST]! > from) l--;
  for (let k = from; k >= first; k--) {
    const e = s.iprecSlots[base + k]! - 1;
    // row k (V_k) and row k + 1 (V_{k+1}, j = 0 .. k)
    const row = kept ? s.iprecRows : k % 2 === 0 ? s.work : s.work2;
    const at0 = kept ? info[at + ROWS]! + (k - first) * stride : 0;
    const above = kept ? s.iprecRows : k % 2 === 0 ? s.work2 : s.work;
    const at1 = kept ? at0 + stride : 0;
    if (k === r) {
      binomialRow(n - e, r, bin);
      for (let j = 0; j < r; j++) row[at0 + j] = bin[r - j]!;
      s.iprecSteps += r;
    } else {
      const gap = Math.max(0, s.iprecSlots[base + k + 1]! - 1 - e);
      if (gap <= PASCAL_SLOTS) {
        // slot by slot: V(x, i) = V(x + 1, i) + V(x + 1, i + 1)
        for (let i = 0; i <= k; i++) row[at0 + i] = above[at1 + i]!;
        for (let x = 0; x < gap; x++) for (let i = 0; i < k; i++) row[at0 + i] = row[at0 + i]! + row[at0 + i + 1]!;
        s.iprecSteps += gap * k;
      } else {
        binomialRow(gap, k, bin);
        const reach = Math.min(gap, k);
        for (let i = 0; i < k; i++) {
          let sum = 0;
          const hi = Math.min(k, i + reach);
          for (let j = i; j <= hi; j++) sum += bin[j - i]! * above[at1 + j]!;
          row[at0 + i] = sum;
          s.iprecSteps += hi - i + 1;
        }
        s.iprecSteps += k;
      }
    }
    if (k === first || (l >= heads && levels[LEVEL_FIELDS * l + HEAD_FIRST] === k)) {
      binomialRow(e, k - 1, rowBin);
      let count = 0;
      for (let i = 0; i < k; i++) count += rowBin[i]! * row[at0 + i]!;
      const chance = count / total;
      if (k === first) info[at + BELOW] = chance;
      for (; l >= heads && levels[LEVEL_FIELDS * l + HEAD_FIRST] === k; l--) levels[LEVEL_FIELDS * l + HEAD_BELOW] = chance;
      s.iprecSteps += 2 * k;
    }
  }
  info[at + FROM] = first - 1;
}

/**
 * A group's chances at the sweep's value v (see averageIprec): 1 from its largest value on, 0
 * below its least, else counted (see countBelow) or carried (see groupBelow), from FIRST on to
 * BELOW and for the ranks it heads from their first candidate on.
 */
function groupChances(s: Scratch, at: number, v: number): void {
  const info = s.iprecGroups;
  const levels = s.iprecLevels;
  const whole = v >= info[at + HIGHEST]! ? 1 : v < info[at + LOWEST]! ? 0 : -1;
  if (whole < 0 && info[at + TOTAL]! > 0) {
    countBelow(s, at);
    return;
  }
  if (whole < 0 && info[at + TOTAL]! < 0) {
    carriedBelow(s, at);
    return;
  }
  info[at + BELOW] = whole >= 0 ? whole : groupBelow(s, at, info[at + FIRST]!);
  for (let l = info[at + HEADS_FROM]!; l < info[at + HEADS_TO]!; l++) {
    const first = levels[LEVEL_FIELDS * l + HEAD_FIRST]!;
    levels[LEVEL_FIELDS * l + HEAD_BELOW] = whole >= 0 ? whole : first === info[at + FIRST] ? info[at + BELOW]! : groupBelow(s, at, first);
  }
}

/** The products of the chances of the groups after each group (AFTER) of the groups before `from` back to `to`, from those after them. */
function multiplyAfter(s: Scratch, from: number, to: number): void {
  const info = s.iprecGroups;
  s.iprecSteps += Math.max(0, from - to);
  for (let g = from - 1; g >= to; g--) info[FIELDS * g + AFTER] = info[FIELDS * (g + 1) + BELOW]! * info[FIELDS * (g + 1) + AFTER]!;
}

/** P(best <= v) of rank l: its head's chance from its first candidate on times the chances of the groups after it. */
function rankProduct(s: Scratch, l: number): number {
  return s.iprecLevels[LEVEL_FIELDS * l + HEAD_BELOW]! * s.iprecGroups[FIELDS * s.iprecLevels[LEVEL_FIELDS * l + HEAD]! + AFTER]!;
}

/**
 * The expectations of the `count` ranks of s.iprecLevels (ascending) at once, to their EXPECTED
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
 * recounts' steps in s.iprecSteps; returns false, the expectations unmade, past IPREC_STEPS_MAX.
 */
function averageIprec(s: Scratch, col: number, count: number): boolean {
  const info = s.iprecGroups;
  const levels = s.iprecLevels;
  const slots = s.iprecSlots; // per (group, k): b_k at the sweep's value
  const heap = s.iprecHeap; // per (group, k): its next value, group, k, slot
  const least = levels[RANK]!;
  // the least rank's candidate groups, their least and largest values
  let groups = 0;
  let before = 0;
  let start = 0;
  let base = 0;
  for (let g = 0; g < s.groupCount; g++) {
    const end = s.groupEnd[g]!;
    const n = end - start;
    const r = s.groupRel[g * s.levels + col]!;
    if (r > 0 && before + r >= least) {
      const at = FIELDS * groups++;
      const first = Math.max(1, least - before);
      info[at + T] = start;
      info[at + BEFORE] = before;
      info[at + SIZE] = n;
      info[at + REL] = r;
      info[at + FIRST] = first;
      // (R + k)/(t + x) rises with k at a fixed lag x - k, as R <= t: both at k = r
      info[at + LOWEST] = (before + r) / (start + n);
      info[at + HIGHEST] = (before + r) / (start + r);
      info[at + BASE] = base;
      info[at + HEADS_FROM] = 0;
      info[at + HEADS_TO] = 0;
      base += r - first + 1;
    }
    before += r;
    start = end;
  }
  // each rank's head and first candidate there (a rank past the relevant documents retrieved is 0)
  let live = 0;
  for (let l = 0, head = 0; l < count; l++) {
    const c = levels[LEVEL_FIELDS * l + RANK]!;
    while (head < groups && info[FIELDS * head + BEFORE]! + info[FIELDS * head + REL]! < c) head++;
    levels[LEVEL_FIELDS * l + EXPECTED] = 0;
    if (head === groups) continue;
    live = l + 1;
    const at = FIELDS * head;
    levels[LEVEL_FIELDS * l + HEAD] = head;
    levels[LEVEL_FIELDS * l + HEAD_FIRST] = Math.max(1, c - info[at + BEFORE]!);
    if (info[at + HEADS_TO] === info[at + HEADS_FROM]) info[at + HEADS_FROM] = l;
    info[at + HEADS_TO] = l + 1;
  }
  if (live === 0) return true;
  // each rank's floor, the largest least value of its groups, from the last rank back
  let floor = 0;
  for (let l = live - 1, g = groups; l >= 0; l--) {
    for (; g > levels[LEVEL_FIELDS * l + HEAD]!; g--) floor = Math.max(floor, info[FIELDS * (g - 1) + LOWEST]!);
    levels[LEVEL_FIELDS * l + FLOOR] = floor;
  }
  const bottom = levels[LEVEL_FIELDS * (live - 1) + FLOOR]!;
  // b_k at the least floor (every group's b_k <= n - r + k there), the chances there, and the
  // values above it: each (group, k)'s from its first one past it. A candidate the last rank does
  // not read starts where the last rank reading it opens, at its floor u: just below u (b_k the
  // first slot below u, the values from u on), as no open rank reads it before
  let heapSize = 0;
  let rows = 0;
  s.iprecSteps = 0;
  let reader = 0; // the last rank reading the candidate
  for (let g = 0; g < groups; g++) {
    const at = FIELDS * g;
    if (info[at + HIGHEST]! <= bottom) {
      groupChances(s, at, bottom);
      continue;
    }
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
    // a larger group is carried in whole counts where none can pass CARRY_COUNT_MAX (TOTAL
    // -C(n, r)), its rows kept beside the counted groups' while they have room
    if (total === 0) {
      const orders = carriedOrders(n, r);
      const need = (r - first + 1) * (r + 1);
      if (orders > 0) {
        info[at + TOTAL] = -orders;
        if (rows + need <= IPREC_ROW_ROOM) {
          info[at + ROWS] = rows;
          rows += need;
        }
      }
    }
    info[at + FROM] = r;
    for (let k = first; k <= r; k++) {
      while (reader + 1 < live && (levels[LEVEL_FIELDS * (reader + 1) + HEAD]! < g || (levels[LEVEL_FIELDS * (reader + 1) + HEAD] === g && levels[LEVEL_FIELDS * (reader + 1) + HEAD_FIRST]! <= k))) reader++;
      const u = levels[LEVEL_FIELDS * reader + FLOOR]!;
      const below = u > bottom; // from just below u (its values from u on), else from u (those past it)
      let x = Math.min(n - r + k, Math.max(k - 1, Math.floor((R + k) / u - t)));
      while (x >= k && !((R + k) / (t + x) > u || (below && (R + k) / (t + x) == u))) x--;
      while (x < n - r + k && ((R + k) / (t + x + 1) > u || (below && (R + k) / (t + x + 1) == u))) x++;
      slots[info[at + BASE]! + k - first] = x + 1;
      if (x >= k) heapSize = heapPush(heap, heapSize, (R + k) / (t + x), g, k, x);
    }
    groupChances(s, at, bottom);
  }
  // the ranks from `open` on have their floor at or below the sweep's value (below it a rank's
  // product is 0); the products after the groups from `valid` on are up to date
  let open = live - 1;
  while (open > 0 && levels[LEVEL_FIELDS * (open - 1) + FLOOR]! <= bottom) open--;
  info[FIELDS * (groups - 1) + AFTER] = 1;
  let valid = levels[LEVEL_FIELDS * open + HEAD]!;
  multiplyAfter(s, groups - 1, valid);
  for (let l = 0; l < live; l++) {
    const product = l < open ? 0 : rankProduct(s, l);
    levels[LEVEL_FIELDS * l + PRODUCT] = product;
    levels[LEVEL_FIELDS * l + EXPECTED] = bottom * product;
  }
  while (heapSize > 0) {
    const v = heap[0]!;
    // every stream at this value moves on (its b_k is now its slot, its next value takes its place
    // in the heap); their groups are recounted
    let marked = 0;
    while (heapSize > 0 && heap[0] === v) {
      const g = heap[1]!;
      const k = heap[2]!;
      const slot = heap[3]!;
      const at = FIELDS * g;
      slots[info[at + BASE]! + k - info[at + FIRST]!] = slot;
      if (info[at + BELOW] !== -1) s.iprecMarked[marked++] = g;
      info[at + BELOW] = -1;
      info[at + FROM] = Math.max(info[at + FROM]!, k);
      if (slot > k) heapReplace(heap, heapSize, (info[at + BEFORE]! + k) / (info[at + T]! + slot - 1), g, k, slot - 1);
      else heapSize = heapPop(heap, heapSize);
    }
    // ranks opening at their floor read groups before the open ranks' heads, whose candidates
    // started just below it (their chances may be a 0 from below their least value): those are
    // recounted too, from their first candidate at least (the mark clears BELOW)
    const opened = open;
    while (open > 0 && levels[LEVEL_FIELDS * (open - 1) + FLOOR]! <= v) open--;
    if (open < opened) {
      for (let g = levels[LEVEL_FIELDS * open + HEAD]!; g < levels[LEVEL_FIELDS * opened + HEAD]!; g++) {
        const at = FIELDS * g;
        if (info[at + BELOW] !== -1) s.iprecMarked[marked++] = g;
        info[at + BELOW] = -1;
        info[at + FROM] = Math.max(info[at + FROM]!, info[at + FIRST]!);
      }
    }
    let last = -1; // the last group recounted: the ranks whose head is at or before it change
    for (let i = 0; i < marked; i++) {
      const g = s.iprecMarked[i]!;
      groupChances(s, FIELDS * g, v);
      last = Math.max(last, g);
    }
    multiplyAfter(s, Math.max(valid, last), levels[LEVEL_FIELDS * open + HEAD]!);
    valid = levels[LEVEL_FIELDS * open + HEAD]!;
    for (let l = open; l < live && levels[LEVEL_FIELDS * l + HEAD]! <= last; l++) {
      const product = rankProduct(s, l);
      levels[LEVEL_FIELDS * l + EXPECTED] += v * (product - levels[LEVEL_FIELDS * l + PRODUCT]!);
      levels[LEVEL_FIELDS * l + PRODUCT] = product;
    }
    if (s.iprecSteps > IPREC_STEPS_MAX) return false;
  }
  return true;
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

/** Puts (value, group, k, slot) in place of the heap's smallest entry (a pop and a push in one sift); the size stays. */
function heapReplace(heap: Float64Array, size: number, value: number, group: number, k: number, slot: number): void {
  let i = 0;
  for (;;) {
    let child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[4 * (child + 1)]! < heap[4 * child]!) child++;
    if (heap[4 * child]! >= value) break;
    for (let f = 0; f < 4; f++) heap[4 * i + f] = heap[4 * child + f]!;
    i = child;
  }
  heap[4 * i] = value;
  heap[4 * i + 1] = group;
  heap[4 * i + 2] = k;
  heap[4 * i + 3] = slot;
}

/** Removes the heap's smallest entry; returns its new size. */
function heapPop(heap: Float64Array, size: number): number {
  const last = size - 1;
  heapReplace(heap, last, heap[4 * last]!, heap[4 * last + 1]!, heap[4 * last + 2]!, heap[4 * last + 3]!);
  return last;
}
