import { CWL_DEPTH } from './codes';
import { log2 } from './log2';
import { getF64, getI32, setF64 } from './memory';
import * as S from './scratch';

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
  while (run.rank < k) {
    if (<f64>run.rank == run.end) {
      // the next group (an empty one of the judged view adds nothing)
      run.group++;
      run.start = run.end;
      run.end = <f64>getI32(S.groupEnd, run.group);
      const gain = getF64(S.groupGain, run.group * S.gains + gainCol);
      run.active = gain != 0 && run.end > run.start;
      if (run.active) run.share = gain / (run.end - run.start);
      continue;
    }
    const j = ++run.rank;
    if (run.active) {
      const term = run.share * getF64(S.discount, j) - run.carry;
      const next = run.sum + term;
      run.carry = plain ? 0 : next - run.sum - term;
      run.sum = next;
    }
    setF64(run.values, j, run.sum);
  }
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
