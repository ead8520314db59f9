import { NORM_FOUND, NORM_MIN, NORM_R } from './codes';
import { hypergeometric } from './hypergeometric';
import { getF64, getI32 } from './memory';
import * as S from './scratch';

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
  let sum: f64 = 0;
  let carry: f64 = 0; // Kahan: the rounding error of sum, kept so long groups stay exact to ~1 ulp
  let before: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const size = end - start;
    const r = getF64(S.groupRel, g * S.levels + col);
    if (norm == NORM_FOUND && end > k) return apFoundCrossing(sum, before, start, size, r, k);
    if (r > 0) {
      const share = r / size;
      const inner = size > 1 ? (r - 1) / (size - 1) : 0;
      const last = Math.min(end, k);
      for (let j = start + 1; j <= last; j++) {
        const term = (share * (before + (j - start - 1) * inner + 1)) / j - carry;
        const next = sum + term;
        carry = plain ? 0 : next - sum - term;
        sum = next;
      }
    }
    before += r;
    start = end;
  }
  const denominator = norm == NORM_R ? relevant : norm == NORM_MIN ? Math.min(k, relevant) : before;
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
