import { hypergeometric } from './hypergeometric.js';
import type { Scratch } from './scratch.js';

/** The slots a large group is first read for (see err). */
const FIRST_SLOTS = 256;
/** The share of the sum below which the stops past the slots read are dropped. */
const TAIL = 2 ** -60;

/**
 * Group g's stop_x and F_x (see err) for x <= read, in s.work and s.work2: the documents with
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
function stopChances(s: Scratch, g: number, col: number, max: number, top: number, size: number, read: number): void {
  const stop = s.work;
  const pass = s.work2;
  let inserted = size - s.groupRel[g * s.levels + col]!;
  for (let y = 0; y <= read; y++) {
    stop[y] = 0;
    pass[y] = y <= inserted ? 1 : 0;
  }
  for (let l = 1; l <= max; l++) {
    const count = s.groupRel[g * s.levels + col + l - 1]! - (l < max ? s.groupRel[g * s.levels + col + l]! : 0);
    if (count === 0) continue;
    const r = (2 ** l - 1) / top;
    const w = 1 - r;
    const total = inserted + count;
    const first = Math.min(read, total);
    // the law of the new documents among the first x slots (`within`) and the first x - 1 (`above`)
    let within = s.pmf;
    let above = s.pmf2;
    hypergeometric(total, count, first, Math.max(0, first - inserted), Math.min(first, count), within);
    for (let x = first; x >= 1; x--) {
      // the new documents among the first x - 1 slots: slot x holds a new one or the old one there
      let lo = Math.max(0, x - 1 - inserted);
      let hi = Math.min(x - 1, count);
      hypergeometric(total, count, x - 1, lo, hi, above);
      let weight = 1;
      for (let j = 0; j < lo; j++) weight *= w;
      let stopped = 0;
      for (let j = lo; j <= hi; j++) {
        stopped += above[j - lo]! * weight * ((count - j) * r * pass[x - 1 - j]! + (inserted - x + 1 + j) * stop[x - j]!);
        weight *= w;
      }
      // the new documents among the first x slots
      lo = Math.max(0, x - inserted);
      hi = Math.min(x, count);
      weight = 1;
      for (let j = 0; j < lo; j++) weight *= w;
      let passed = 0;
      for (let j = lo; j <= hi; j++) {
        passed += within[j - lo]! * weight * pass[x - j]!;
        weight *= w;
      }
      stop[x] = stopped / (total - x + 1);
      pass[x] = passed;
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
export function err(s: Scratch, col: number, cutoff: number, max: number, plain: boolean): number {
  const k = cutoff > 0 ? cutoff : s.n;
  const top = 2 ** max;
  const stop = s.work;
  const pass = s.work2;
  let sum = 0;
  let carry = 0; // Kahan, as in averagePrecision
  let passed = 1; // the chance of reaching the group: the product of (1 - R) above it
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k && passed > 0; g++) {
    const end = s.groupEnd[g]!;
    const size = end - start;
    const slots = Math.min(end, k) - start;
    let read = Math.min(slots, FIRST_SLOTS);
    for (;;) {
      stopChances(s, g, col, max, top, size, read);
      if (read === slots) break;
      let ahead = 0;
      for (let x = 1; x <= read; x++) ahead += (passed * stop[x]!) / (start + x);
      if (passed * pass[read]! <= TAIL * (sum + ahead)) break;
      read = Math.min(slots, 2 * read);
    }
    for (let x = 1; x <= read; x++) {
      const term = (passed * stop[x]!) / (start + x) - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    // the stops past the slots read, and past the group, are below TAIL of the sum
    if (read < slots) return sum;
    // past a whole group: its documents' product of (1 - R), the mean over its only size-subset
    if (end <= k) passed *= pass[size]!;
    start = end;
  }
  return sum;
}
