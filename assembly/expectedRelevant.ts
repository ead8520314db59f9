import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * E[relevant documents in the top k] at relevance column `col`: R_c + (k - t_c) r_c / n_c.
 * Groups wholly above k count all their relevant documents; the group V_c that crosses k
 * holds on average (k - t_c) r_c / n_c of them in its k - t_c slots; positions beyond the
 * ranking count as non-relevant.
 */
export function expectedRelevant(col: i32, k: f64): f64 {
  let sum: f64 = 0;
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const r = getF64(S.groupRel, g * S.levels + col);
    sum += end <= k ? r : ((k - start) * r) / (end - start);
    start = end;
  }
  return sum;
}
