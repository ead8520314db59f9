import { ApNorm } from '../measures/codes.js';
import { hypergeometric } from './hypergeometric.js';
import type { RunningSum } from './runningSum.js';
import type { Scratch } from './scratch.js';

/**
 * AP's running sum (see RunningSum) walked on through rank `through`. The walk runs in locals,
 * stored back after: a store to `values` could alias the sum's own fields, which would keep
 * each of them in memory (in the compiled kernels; here it keeps the three alike).
 */
function apWalk(s: Scratch, run: RunningSum, col: number, through: number, plain: boolean): void {
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
    if (rank === end) {
      // the next group (one without relevant documents adds nothing)
      if (group >= 0) before += s.groupRel[group * s.levels + col]!;
      group++;
      start = end;
      end = s.groupEnd[group]!;
      const size = end - start;
      const r = s.groupRel[group * s.levels + col]!;
      active = r > 0;
      share = r / size;
      inner = size > 1 ? (r - 1) / (size - 1) : 0;
      continue;
    }
    const j = ++rank;
    if (active) {
      const term = (share * (before + (j - start - 1) * inner + 1)) / j - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    values[rank] = sum;
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
export function averagePrecision(s: Scratch, col: number, cutoff: number, norm: number, relevant: number, plain: boolean): number {
  const k = cutoff > 0 ? cutoff : s.n;
  const last = s.groupCount > 0 ? s.groupEnd[s.groupCount - 1]! : 0;
  const through = Math.min(k, last);
  const run = s.apSum;
  const key = 2 * col + (s.judgedView ? 1 : 0);
  if (run.key !== key) run.restart(key);
  apWalk(s, run, col, through, plain);
  let denominator = norm === ApNorm.R ? relevant : Math.min(k, relevant);
  if (norm === ApNorm.FOUND) {
    // the relevant found in the top k: a group crossing k makes it random (see apFoundCrossing)
    let before = 0;
    let start = 0;
    for (let g = 0; g < s.groupCount && start < k; g++) {
      const end = s.groupEnd[g]!;
      const r = s.groupRel[g * s.levels + col]!;
      if (end > k) return apFoundCrossing(s, run.values[start]!, before, start, end - start, r, k);
      before += r;
      start = end;
    }
    denominator = before;
  }
  const sum = run.values[through]!;
  return denominator > 0 ? sum / denominator : 0;
}

/**
 * AP(norm=found)@k when group V_c crosses k: E[numerator / (R_c + X)] is not a ratio of
 * expectations, so condition on X, the relevant count in the s = k - t_c slots of V_c
 * (hypergeometric). Given X = x the x relevant documents sit uniformly among the s slots, so
 * V_c adds (x/s) ((R_c + 1) H1 + ((x - 1)/(s - 1)) H2) with H1 = sum 1/(t_c + y) and
 * H2 = sum (y - 1)/(t_c + y) over y = 1..s; the groups above add `above` whatever x is.
 */
function apFoundCrossing(s: Scratch, above: number, before: number, start: number, size: number, r: number, k: number): number {
  const slots = k - start;
  let h1 = 0;
  let h2 = 0;
  let carry1 = 0; // Kahan, as in averagePrecision
  let carry2 = 0;
  for (let y = 1; y <= slots; y++) {
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
  hypergeometric(size, r, slots, lo, hi, s.pmf);
  let ap = 0;
  for (let x = lo; x <= hi; x++) {
    const found = before + x;
    if (found === 0) continue;
    const within = slots > 1 ? (x - 1) / (slots - 1) : 0;
    const crossing = (x / slots) * ((before + 1) * h1 + within * h2);
    ap += (s.pmf[x - lo]! * (above + crossing)) / found;
  }
  return ap;
}
