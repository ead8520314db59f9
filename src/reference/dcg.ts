import { CWL_DEPTH } from '../measures/codes.js';
import { log2 } from './log2.js';
import type { RunningSum } from './runningSum.js';
import type { Scratch } from './scratch.js';

/** DCG's running sum (see RunningSum) walked on through rank `through`, in locals (see apWalk). */
function dcgWalk(s: Scratch, run: RunningSum, gainCol: number, through: number, plain: boolean): void {
  let rank = run.rank;
  let group = run.group;
  let start = run.start;
  let end = run.end;
  let active = run.active;
  let share = run.share;
  let sum = run.sum;
  let carry = run.carry;
  const values = run.values;
  while (rank < through) {
    if (rank === end) {
      // the next group (an empty one of the judged view adds nothing)
      group++;
      start = end;
      end = s.groupEnd[group]!;
      const gain = s.groupGain[group * s.gains + gainCol]!;
      active = gain !== 0 && end > start;
      if (active) share = gain / (end - start);
      continue;
    }
    const j = ++rank;
    if (active) {
      const term = share * s.discount[j]! - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    values[j] = sum;
  }
  run.rank = rank;
  run.group = group;
  run.start = start;
  run.end = end;
  run.active = active;
  run.share = share;
  run.sum = sum;
  run.carry = carry;
}

/**
 * DCG@k (cutoff 0: the whole ranking) with discount 1/log2(j + 1): every position of a group
 * takes the group's mean gain (gain sum / n_i) times its discount. Summed with Kahan's
 * compensation so long rankings and large groups stay exact to ~1 ulp (unless `plain`, as
 * averagePrecision), in the query's running sum (see RunningSum): one walk serves every cut-off.
 */
export function dcg(s: Scratch, gainCol: number, cutoff: number, plain: boolean): number {
  const last = s.groupCount > 0 ? s.groupEnd[s.groupCount - 1]! : 0;
  const k = cutoff > 0 ? Math.min(cutoff, last) : Math.min(s.n, last);
  const run = s.dcgSum;
  const key = 2 * gainCol + (s.judgedView ? 1 : 0);
  if (run.key !== key) run.restart(key);
  dcgWalk(s, run, gainCol, k, plain);
  return run.values[k]!;
}

/** nDCG@k = E[DCG@k] / IDCG@k, 0 when the ideal DCG is 0. */
export function ndcg(s: Scratch, gainCol: number, cutoff: number, ideal: number, plain: boolean): number {
  return ideal > 0 ? dcg(s, gainCol, cutoff, plain) / ideal : 0;
}

/**
 * cwl_eval's SDCG@k (ir_measures' SDCG): E[DCG@k'] of the scaled gains over the DCG@k' of k' gains
 * of 1, k' = min(k, CWL_DEPTH) (cwl_eval weighs no position past its 1,000th; positions past the
 * ranking gain nothing). Linear in the gains: each position of a group takes its mean gain.
 * The sum of k' discounts is kept for the next query (s.sdcgK, s.sdcgOnes).
 */
export function sdcg(s: Scratch, gainCol: number, cutoff: number, plain: boolean): number {
  const k = Math.min(cutoff, CWL_DEPTH);
  return dcg(s, gainCol, k, plain) / sdcgOnes(s, k);
}

/** SDCG's normaliser: the DCG@k of k gains of 1, kept for the next query (s.sdcgK, s.sdcgOnes). */
export function sdcgOnes(s: Scratch, k: number): number {
  if (s.sdcgK !== k) {
    let ones = 0;
    for (let j = 1; j <= k; j++) ones += 1 / log2(j + 1);
    s.sdcgK = k;
    s.sdcgOnes = ones;
  }
  return s.sdcgOnes;
}
