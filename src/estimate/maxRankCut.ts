import { Depth, PlanFlag, RowFlag } from '../measures/codes.js';
import { Row, ROW_SIZE, type Plan } from '../measures/plan.js';
import { selectLargest } from '../reference/selectLargest.js';
import type { TiedLabels } from '../ties/tiedLabels.js';

/**
 * With -M (maxRank) every tie mode measures the ranking cut at exactly maxRank documents, as
 * trec_eval cuts it; `average` and `sd` over the orderings of the ties, so where a tie group
 * crosses maxRank, which of its documents are in is part of the ordering. The kernels keep that
 * group whole (their cut-offs inside a group are exact: a measure with a cut-off k <= maxRank
 * needs nothing more); the rows reading past maxRank are made here from the group's
 * compositions: the labels of the s documents it puts above the cut, drawn without replacement
 * (multivariate hypergeometric), each a query whose last group ends at maxRank.
 */
export interface Crossing {
  /** the kept labels' count above the crossing group, and its size */
  readonly above: number;
  readonly size: number;
  /** the slots the group fills above maxRank */
  readonly slots: number;
  /** the group's distinct labels, ascending, and how many documents have each */
  readonly values: Int32Array;
  readonly counts: Int32Array;
}

/** crossesCut's copy of a query's scores, grown as queries need. */
let selection = new Float64Array(0);

/**
 * Whether a tie group of query [start, start + n) crosses maxRank (< n): fewer than maxRank
 * documents score above the one at rank maxRank + 1. O(n) (a selection), where tiedLabels sorts
 * the query: most queries of a run are not cut inside a group.
 */
export function crossesCut(scores: Float64Array, start: number, n: number, maxRank: number): boolean {
  if (selection.length < n) selection = new Float64Array(Math.max(n, 2 * selection.length));
  selection.set(scores.subarray(start, start + n));
  const next = selectLargest(selection, n, maxRank + 1);
  let above = 0;
  for (let i = 0; i < n; i++) above += scores[start + i]! > next ? 1 : 0;
  return above < maxRank;
}

/** The group of `tied` (cut after the group crossing maxRank, see tiedLabels) that crosses maxRank, or null when a group ends there. */
export function crossingOf(tied: TiedLabels, maxRank: number): Crossing | null {
  const ends = tied.groupEnds;
  const g = ends.length - 1;
  const end = ends[g]!;
  const above = g > 0 ? ends[g - 1]! : 0;
  if (maxRank <= 0 || end <= maxRank) return null;
  const values: number[] = [];
  const counts: number[] = [];
  for (let i = above; i < end; i++) {
    if (values.length > 0 && values[values.length - 1] === tied.labels[i]) counts[counts.length - 1]!++;
    else {
      values.push(tied.labels[i]!);
      counts.push(1);
    }
  }
  return { above, size: end - above, slots: maxRank - above, values: Int32Array.from(values), counts: Int32Array.from(counts) };
}

/** The rows of `plan` whose values the crossing group's cut moves: all but those with a cut-off at most maxRank (and none when -J drops documents after the cut: then all). */
export function rowsPastCut(plan: Plan): number[] {
  const all = (plan.flags & PlanFlag.JUDGED_ONLY) !== 0;
  const rows: number[] = [];
  for (let row = 0; row < plan.measures.length; row++) {
    const at = row * ROW_SIZE;
    const cutoff = plan.rows[at + Row.CUTOFF]!;
    const within = plan.rows[at + Row.DEPTH] === Depth.CUTOFF && cutoff > 0 && cutoff <= plan.maxRank && (plan.rows[at + Row.FLAGS]! & RowFlag.JUDGED_ONLY) === 0;
    if (all || !within) rows.push(row);
  }
  return rows;
}

/** How many compositions the crossing group has (vectors of counts drawn per label summing to its slots); above `most`, most + 1. */
export function compositionCount(crossing: Crossing, most: number): number {
  // ways[j]: the compositions of j slots over the labels so far
  let ways = new Float64Array(crossing.slots + 1);
  ways[0] = 1;
  for (const c of crossing.counts) {
    const next = new Float64Array(ways.length);
    for (let j = 0; j < ways.length; j++) for (let x = 0; x <= c && j + x < ways.length; x++) next[j + x] += ways[j]!;
    ways = next;
  }
  return Math.min(ways[crossing.slots]!, most + 1);
}

/**
 * Calls `visit` with each composition of the crossing group (the labels drawn, ascending, in
 * `drawn`) and its chance: prod_l C(c_l, x_l) / C(size, slots), from log factorials.
 */
export function forEachComposition(crossing: Crossing, visit: (drawn: Int32Array, chance: number) => void): void {
  const { values, counts, slots, size } = crossing;
  const logFactorial = new Float64Array(size + 1);
  for (let k = 2; k <= size; k++) logFactorial[k] = logFactorial[k - 1]! + Math.log(k);
  const logChoose = (n: number, k: number): number => logFactorial[n]! - logFactorial[k]! - logFactorial[n - k]!;
  const whole = logChoose(size, slots);
  // the documents of the labels after l, to bound each count
  const after = new Int32Array(values.length + 1);
  for (let l = values.length - 1; l >= 0; l--) after[l] = after[l + 1]! + counts[l]!;
  const drawn = new Int32Array(slots);
  const walk = (l: number, at: number, log: number): void => {
    if (l === values.length) {
      visit(drawn, Math.exp(log - whole));
      return;
    }
    const left = slots - at;
    for (let x = Math.max(0, left - after[l + 1]!); x <= Math.min(counts[l]!, left); x++) {
      drawn.fill(values[l]!, at, at + x);
      walk(l + 1, at + x, log + logChoose(counts[l]!, x));
    }
  };
  walk(0, 0, 0);
}
