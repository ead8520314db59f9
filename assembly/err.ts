import { hypergeometric } from './hypergeometric';
import { getF64, getI32, setF64 } from './memory';
import * as S from './scratch';

/** The slots a large group is first read for (see err). */
const FIRST_SLOTS: i32 = 256;
/** The share of the sum below which the stops past the slots read are dropped. */
const TAIL: f64 = Math.pow(2, -60);

/**
 * Group g's stop_x and F_x (see err) for x <= read, in S.work and S.work2: the documents with
 * R = 0 first, then the c documents of each label at once. Adding c alike documents (stop
 * chance R, pass chance w) to a random order of N puts them in a random c-subset of the N + c
 * slots: with j of them among the first y (hypergeometric), F'_y = sum_j P(j) w^j F_(y-j), and
 * the reader stops at slot x either on one of them (the old documents above it passed: F_(x-1-j))
 * or on the old document there (stop_(x-j)):
 *   stop'_x = sum_j P(j among the first x - 1) w^j ((c - j) R F_(x-1-j) + (N - x + 1 + j) stop_(x-j)) / (N + c - x + 1).
 * Every term is positive (no cancellation). Slots are updated from the last down, as each reads
 * only itself and slots below it, none written yet; the law of the first x - 1 slots, made at
 * slot x, serves slot x - 1 as the law of its first x (two buffers take turns: one law per
 * slot). O(read min(c, read)) per label, whatever c.
 */
function stopChances(g: i32, col: i32, max: f64, top: f64, size: f64, read: i32): void {
  const stop = S.work;
  const pass = S.work2;
  let inserted = size - getF64(S.groupRel, g * S.levels + col);
  for (let y = 0; y <= read; y++) {
    setF64(stop, y, 0);
    setF64(pass, y, <f64>y <= inserted ? 1 : 0);
  }
  for (let l = 1; <f64>l <= max; l++) {
    const count = getF64(S.groupRel, g * S.levels + col + l - 1) - (<f64>l < max ? getF64(S.groupRel, g * S.levels + col + l) : 0);
    if (count == 0) continue;
    const r = (Math.pow(2, <f64>l) - 1) / top;
    const w = 1 - r;
    const total = inserted + count;
    const first = <i32>Math.min(<f64>read, total);
    // the law of the new documents among the first x slots (`within`) and the first x - 1 (`above`)
    let within = S.pmf;
    let above = S.pmf2;
    hypergeometric(total, count, <f64>first, Math.max(0, <f64>first - inserted), Math.min(<f64>first, count), within);
    for (let x = first; x >= 1; x--) {
      // the new documents among the first x - 1 slots: slot x holds a new one or the old one there
      let lo = Math.max(0, <f64>(x - 1) - inserted);
      let hi = Math.min(<f64>(x - 1), count);
      hypergeometric(total, count, <f64>(x - 1), lo, hi, above);
      let weight: f64 = 1;
      for (let j: f64 = 0; j < lo; j++) weight *= w;
      let stopped: f64 = 0;
      for (let j = lo; j <= hi; j++) {
        stopped += getF64(above, <i32>(j - lo)) * weight * ((count - j) * r * getF64(pass, x - 1 - <i32>j) + (inserted - <f64>x + 1 + j) * getF64(stop, x - <i32>j));
        weight *= w;
      }
      // the new documents among the first x slots
      lo = Math.max(0, <f64>x - inserted);
      hi = Math.min(<f64>x, count);
      weight = 1;
      for (let j: f64 = 0; j < lo; j++) weight *= w;
      let passed: f64 = 0;
      for (let j = lo; j <= hi; j++) {
        passed += getF64(within, <i32>(j - lo)) * weight * getF64(pass, x - <i32>j);
        weight *= w;
      }
      setF64(stop, x, stopped / (total - <f64>x + 1));
      setF64(pass, x, passed);
      const turn = within;
      within = above;
      above = turn;
    }
    inserted = total;
  }
}

/**
 * ERR@k (cutoff 0: the whole ranking): the sum over ranks j <= k of stop_j / j, where the reader
 * stops at rank j with chance R_j times the chance of passing every rank above, and a label l
 * has R = (2^min(l, max) - 1) / 2^max (0 for l <= 0). The relevance columns col .. col + max - 1
 * count labels >= 1 .. >= max, so a group's label counts are their differences.
 *
 * Tie-aware: a group wholly above the cut-off passes the reader on with the product of its
 * documents' (1 - R), whatever their order. Inside a group, stop_x (the chance that the reader
 * stops at its x-th slot, having passed the slots above it) over a random order is built one
 * document at a time: adding a document e (stop chance R_e, pass chance w_e = 1 - R_e) to a
 * multiset of N puts it at each of the N + 1 places alike, so
 *   stop'_x = (R_e F_(x-1) + (x - 1) w_e stop_(x-1) + (N + 1 - x) stop_x) / (N + 1),
 *   F'_y = ((N + 1 - y) F_y + y w_e F_(y-1)) / (N + 1),
 * with F_y the mean product of w over y-subsets (all terms positive: no cancellation). The
 * documents with R = 0 come first (F = 1, stop = 0), so a group costs O(relevant × slots read).
 * A group of more than FIRST_SLOTS slots is read in slots doubling from FIRST_SLOTS until F of
 * the slots read, times the chance of reaching the group, is below TAIL of the sum: that bounds
 * all the reader's stops past them (each divided by a rank >= 1), which are then dropped. The
 * slots read decay as F_y does, about (1 - p r)^y for a share p of relevant documents of stop
 * chance r: O(n / r) for a group of n, not O(p n^2).
 */
export function err(col: i32, cutoff: f64, max: f64, plain: bool): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  const top = Math.pow(2, max);
  const stop = S.work;
  const pass = S.work2;
  let sum: f64 = 0;
  let carry: f64 = 0; // Kahan, as in averagePrecision
  let passed: f64 = 1; // the chance of reaching the group: the product of (1 - R) above it
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k && passed > 0; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const size = end - start;
    const slots = <i32>(Math.min(end, k) - start);
    let read = min(slots, FIRST_SLOTS);
    for (;;) {
      stopChances(g, col, max, top, size, read);
      if (read == slots) break;
      let ahead: f64 = 0;
      for (let x = 1; x <= read; x++) ahead += (passed * getF64(stop, x)) / (start + <f64>x);
      if (passed * getF64(pass, read) <= TAIL * (sum + ahead)) break;
      read = min(slots, 2 * read);
    }
    for (let x = 1; x <= read; x++) {
      const term = (passed * getF64(stop, x)) / (start + <f64>x) - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    // the stops past the slots read, and past the group, are below TAIL of the sum
    if (read < slots) return sum;
    // past a whole group: its documents' product of (1 - R), the mean over its only size-subset
    if (end <= k) passed *= getF64(pass, <i32>size);
    start = end;
  }
  return sum;
}
