import { CWL_DEPTH } from './codes';
import { log2 } from './log2';
import { getF64, getI32, setF64 } from './memory';
import { RunningSum } from './runningSum';
import * as S from './scratch';

/** DCG's running sum (see RunningSum) walked on through rank `through`, in locals (see apWalk). */
function dcgWalk(run: RunningSum, gainCol: i32, through: i32, plain: bool): void {
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
    if (<f64>rank == end) {
      // the next group (an empty one of the judged view adds nothing)
      group++;
      start = end;
      end = <f64>getI32(S.groupEnd, group);
      const gain = getF64(S.groupGain, group * S.gains + gainCol);
      active = gain != 0 && end > start;
      if (active) share = gain / (end - start);
      continue;
    }
    const j = ++rank;
    if (active) {
      const term = share * getF64(S.discount, j) - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    setF64(values, j, sum);
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
export function dcg(gainCol: i32, cutoff: f64, plain: bool): f64 {
  const last = S.groupCount > 0 ? <f64>getI32(S.groupEnd, S.groupCount - 1) : 0;
  const k = <i32>(cutoff > 0 ? Math.min(cutoff, last) : Math.min(<f64>S.n, last));
  const run = S.dcgSum;
  const key = 2 * gainCol + (S.judgedView ? 1 : 0);
  if (run.key != key) run.restart(key);
  dcgWalk(run, gainCol, k, plain);
  return getF64(run.values, k);
}

/** nDCG@k = E[DCG@k] / IDCG@k, 0 when the ideal DCG is 0. */
export function ndcg(gainCol: i32, cutoff: f64, ideal: f64, plain: bool): f64 {
  return ideal > 0 ? dcg(gainCol, cutoff, plain) / ideal : 0;
}

/**
 * cwl_eval's SDCG@k (ir_measures' SDCG): E[DCG@k'] of the scaled gains over the DCG@k' of k' gains
 * of 1, k' = min(k, CWL_DEPTH) (cwl_eval weighs no position past its 1,000th; positions past the
 * ranking gain nothing). Linear in the gains: each position of a group takes its mean gain.
 * The sum of k' discounts is kept for the next query (S.sdcgK, S.sdcgOnes).
 */
export function sdcg(gainCol: i32, cutoff: f64, plain: bool): f64 {
  const k = Math.min(cutoff, <f64>CWL_DEPTH);
  return dcg(gainCol, k, plain) / sdcgOnes(k);
}

/** SDCG's normaliser: the DCG@k of k gains of 1, kept for the next query (S.sdcgK, S.sdcgOnes). */
export function sdcgOnes(k: f64): f64 {
  if (S.sdcgK != k) {
    let ones: f64 = 0;
    for (let j: f64 = 1; j <= k; j++) ones += 1 / log2(j + 1);
    S.sdcgK = k;
    S.sdcgOnes = ones;
  }
  return S.sdcgOnes;
}
