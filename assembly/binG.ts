import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * trec_eval's binG over R (0 when no relevant document is retrieved): every relevant document
 * adds 1/log2(2 + y), y the documents above it that are not relevant (at level `col`).
 *
 * Tie-aware: a relevant document of group V_i follows the B_i = t_i - R_i non-relevant
 * documents of the groups above, and Y of the m_i = n_i - r_i of its own group; in a random
 * order of the group its place among itself and those m_i is uniform, so Y is uniform on
 * 0..m_i and the group adds r_i / (m_i + 1) times the sum over y of 1/log2(2 + B_i + y).
 * discount[j] = 1/log2(j + 1) serves, at j = 1 + B_i + y.
 */
export function binG(col: i32, relevant: f64, plain: bool): f64 {
  let sum: f64 = 0;
  let carry: f64 = 0; // Kahan, as in averagePrecision
  let before: f64 = 0;
  let found: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const r = getF64(S.groupRel, g * S.levels + col);
    if (r > 0) {
      const m = end - start - r;
      const nonrel = start - before;
      let inner: f64 = 0;
      for (let y: f64 = 0; y <= m; y++) inner += getF64(S.discount, <i32>(1 + nonrel + y));
      const term = (r * inner) / (m + 1) - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
      found += r;
    }
    before += r;
    start = end;
  }
  return found > 0 ? sum / relevant : 0;
}
