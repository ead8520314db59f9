import { NORM_FOUND, NORM_R } from './codes';
import { hypergeometric } from './hypergeometric';
import { getF64, getI32, setF64 } from './memory';
import { RunningSum } from './runningSum';
import * as S from './scratch';

/**
 * AP's running sum (see RunningSum) walked on through rank `through`. The walk runs in locals,
 * stored back after: a store to `values` could alias the sum's own fields, which would keep
 * each of them in memory.
 */
function apWalk(run: RunningSum, col: i32, through: i32, plain: bool): void {
  let rank = run.rank;
  let group = run.group;
  let start = run.start;
  let end = run.end;
  let before = run.before;
  let active = run.active;
  let share = run.share;
  let inner = run.inner;
  let sum = run.sum;
  let carry = run.carry;
  const values = run.values;
  while (rank < through) {
    if (<f64>rank == end) {
      // the next group (one without relevant documents adds nothing)
      if (group >= 0) before += getF64(S.groupRel, group * S.levels + col);
      group++;
      start = end;
      end = <f64>getI32(S.groupEnd, group);
      const size = end - start;
      const r = getF64(S.groupRel, group * S.levels + col);
      active = r > 0;
      share = r / size;
      inner = size > 1 ? (r - 1) / (size - 1) : 0;
      continue;
    }
    const j = <f64>++rank;
    if (active) {
      const term = (share * (before + (j - start - 1) * inner + 1)) / j - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    setF64(values, rank, sum);
  }
  run.rank = rank;
  run.group = group;
  run.start = start;
  run.end = end;
  run.before = before;
  run.active = active;
  run.share = share;
  run.inner = inner;
  run.sum = sum;
  run.carry = carry;
}

/**
 * AP@k (cutoff 0: the whole ranking) divided by R, min(k, R) or the relevant found in the top k.
 *
 * Position j of group V_i (slots t_i+1..t_i+n_i) holds a relevant document in r_i/n_i of the
 * orderings; when it does, the other j - t_i - 1 slots before it hold on average
 * (j - t_i - 1)(r_i - 1)/(n_i - 1) relevant documents, so its expected precision term is
 * (r_i/n_i) (R_i + (j - t_i - 1)(r_i - 1)/(n_i - 1) + 1) / j. Groups without relevant
 * documents add nothing and are skipped.
 *
 * With norm=found the denominator depends on the ordering: see `apFoundCrossing`.
 * The sum is compensated (Kahan) unless `plain` (trec and input modes sum in rank order, as
 * trec_eval does, so that values on an exact half print its digits).
 */
export function averagePrecision(col: i32, cutoff: f64, norm: i32, relevant: f64, plain: bool): f64 {
  const k = cutoff > 0 ? cutoff : <f64>S.n;
  const last = S.groupCount > 0 ? <f64>getI32(S.groupEnd, S.groupCount - 1) : 0;
  const through = <i32>Math.min(k, last);
  const run = S.apSum;
  const key = 2 * col + (S.judgedView ? 1 : 0);
  if (run.key != key) run.restart(key);
  apWalk(run, col, through, plain);
  let denominator = norm == NORM_R ? relevant : Math.min(k, relevant);
  if (norm == NORM_FOUND) {
    // the relevant found in the top k: a group crossing k makes it random (see apFoundCrossing)
    let before: f64 = 0;
    let start: f64 = 0;
    for (let g = 0; g < S.groupCount && start < k; g++) {
      const end = <f64>getI32(S.groupEnd, g);
      const r = getF64(S.groupRel, g * S.levels + col);
      if (end > k) return apFoundCrossing(getF64(run.values, <i32>start), before, start, end - start, r, k);
      before += r;
      start = end;
    }
    denominator = before;
  }
  const sum = getF64(run.values, through);
  return denominator > 0 ? sum / denominator : 0;
}

/**
 * AP(norm=found)@k when group V_c crosses k: E[numerator / (R_c + X)] is not a ratio of
 * expectations, so condition on X, the relevant count in the s = k - t_c slots of V_c
 * (hypergeometric). Given X = x the x relevant documents sit uniformly among the s slots, so
 * V_c adds (x/s) ((R_c + 1) H1 + ((x - 1)/(s - 1)) H2) with H1 = sum 1/(t_c + y) and
 * H2 = sum (y - 1)/(t_c + y) over y = 1..s; the groups above add `above` whatever x is.
 */
function apFoundCrossing(above: f64, before: f64, start: f64, size: f64, r: f64, k: f64): f64 {
  const slots = k - start;
  let h1: f64 = 0;
  let h2: f64 = 0;
  let carry1: f64 = 0; // Kahan, as in averagePrecision
  let carry2: f64 = 0;
  for (let y: f64 = 1; y <= slots; y++) {
    const term1 = 1 / (start + y) - carry1;
    const next1 = h1 + term1;
    carry1 = next1 - h1 - term1;
    h1 = next1;
    const term2 = (y - 1) / (start + y) - carry2;
    const next2 = h2 + term2;
    carry2 = next2 - h2 - term2;
    h2 = next2;
  }
  const lo = Math.max(0, slots - (size - r));
  const hi = Math.min(slots, r);
  hypergeometric(size, r, slots, lo, hi, S.pmf);
  let ap: f64 = 0;
  for (let x = lo; x <= hi; x++) {
    const found = before + x;
    if (found == 0) continue;
    const within = slots > 1 ? (x - 1) / (slots - 1) : 0;
    const crossing = (x / slots) * ((before + 1) * h1 + within * h2);
    ap += (getF64(S.pmf, <i32>(x - lo)) * (above + crossing)) / found;
  }
  return ap;
}
