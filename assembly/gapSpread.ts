import { cappedSum } from './bpref';
import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * The variance of sum_j c_j w_j (j = 0..K-1), c_j the relevant documents of a group that follow
 * exactly j of the group's other documents the measure counts: in a uniformly random order of the
 * group the counts (c_0, ..., c_(K-1)) are a uniformly random composition of its r relevant
 * documents into K parts (one composition per arrangement), the Dirichlet-multinomial with every
 * weight 1, whose covariances give Var = r (r + K) / (K (K + 1)) × sum_j (w_j - mean w)².
 * `squares` is that sum of squared deviations.
 */
export function compositionSpread(r: f64, parts: f64, squares: f64): f64 {
  return ((r * (r + parts)) / (parts * (parts + 1))) * squares;
}

/**
 * The standard deviation of trec_eval's bpref (see bpref): a relevant document of group g adds
 * 1 - min(B_g + y, R) / min(N, R), y the judged non-relevant documents of its group before it
 * (B_g those above the group, fixed), so the group adds sum_y c_y w_y over its m + 1 gaps
 * (compositionSpread); the groups are independent.
 */
export function bprefSpread(col: i32, relevant: f64, judged: f64): f64 {
  const scale = Math.min(judged - relevant, relevant);
  if (relevant == 0 || scale == 0) return 0;
  let variance: f64 = 0;
  let nonrelAbove: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) {
    const r = getF64(S.groupRel, g * S.levels + col);
    const m = getF64(S.groupJudged, g) - r;
    // past R non-relevant documents every place counts R: nothing varies
    if (r > 0 && m > 0 && nonrelAbove < relevant) {
      const mean = cappedSum(nonrelAbove, m, relevant) / (m + 1);
      let squares: f64 = 0;
      for (let y: f64 = 0; y <= m; y++) {
        const d = Math.min(nonrelAbove + y, relevant) - mean;
        squares += d * d;
      }
      variance += compositionSpread(r, m + 1, squares);
    }
    nonrelAbove += m;
  }
  return Math.sqrt(variance) / (scale * relevant);
}

/**
 * The standard deviation of trec_eval's binG (see binG): a relevant document of group g adds
 * discount[1 + B_g + y], y the group's non-relevant documents before it (B_g those of the groups
 * above, fixed), so the group adds sum_y c_y w_y over its m + 1 gaps (compositionSpread); the
 * groups are independent.
 */
export function binGSpread(col: i32, relevant: f64): f64 {
  let variance: f64 = 0;
  let before: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const r = getF64(S.groupRel, g * S.levels + col);
    const m = end - start - r;
    if (r > 0 && m > 0) {
      const nonrel = start - before;
      let mean: f64 = 0;
      for (let y: f64 = 0; y <= m; y++) mean += getF64(S.discount, <i32>(1 + nonrel + y));
      mean /= m + 1;
      let squares: f64 = 0;
      for (let y: f64 = 0; y <= m; y++) {
        const d = getF64(S.discount, <i32>(1 + nonrel + y)) - mean;
        squares += d * d;
      }
      variance += compositionSpread(r, m + 1, squares);
    }
    before += r;
    start = end;
  }
  // no variance without a relevant document ranked, and then R > 0
  return variance > 0 ? Math.sqrt(variance) / relevant : 0;
}
