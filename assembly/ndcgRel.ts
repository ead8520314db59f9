import { idealCount, walkNext, walkStart } from './idealLevels';
import { getF64, getI32 } from './memory';
import * as S from './scratch';

/**
 * trec_eval's ndcg_rel: over the N+ ranks of the ideal ranking with a positive gain, the mean
 * of DCG_i / IDCG_i at each rank i holding a document of positive gain, each of the N+ - K such
 * documents not retrieved counting DCG_n / IDCG (the whole ranking's). IDCG_i stops growing
 * past rank N+. 0 when no term is positive.
 *
 * Tie-aware, linear in the gains: at slot x of group V (ranks t + 1 ..), with p documents of
 * positive gain, gain sum G and positive-gain sum Gp (the columns gainCol, +1 positive part,
 * +2 indicator),
 *   E[1{g_i > 0} DCG_i] = (p/n) D + ((p G - Gp)/(n (n - 1))) sum_(y < x) d_(t+y) + (Gp/n) d_(t+x),
 * D the expected DCG of the groups above and d_j the discount of rank j (the scratch's table
 * reaches the batch's largest ideal count).
 */
export function ndcgRel(gainCol: i32, constants: usize, slot: i32, plain: bool): f64 {
  const positives = idealCount(constants, slot);
  walkStart(constants, slot);
  let ideal: f64 = 0;
  let sum: f64 = 0;
  let carry: f64 = 0; // Kahan, as in averagePrecision
  let dcg: f64 = 0;
  let found: f64 = 0;
  let start: f64 = 0;
  let rank = 0;
  for (let g = 0; g < S.groupCount; g++) {
    const end = <f64>getI32(S.groupEnd, g);
    const n = end - start;
    const gains = getF64(S.groupGain, g * S.gains + gainCol);
    const positive = getF64(S.groupGain, g * S.gains + gainCol + 1);
    const p = getF64(S.groupGain, g * S.gains + gainCol + 2);
    const pairs = n > 1 ? (p * gains - positive) / (n * (n - 1)) : 0;
    let within: f64 = 0;
    let groupDcg: f64 = 0;
    for (let x: f64 = 1; x <= n; x++) {
      rank++;
      if (<f64>rank <= positives) ideal += walkNext() * getF64(S.discount, rank);
      const d = getF64(S.discount, rank);
      if (p > 0) {
        const term = ((p / n) * dcg + pairs * within + (positive / n) * d) / ideal - carry;
        const next = sum + term;
        carry = plain ? 0 : next - sum - term;
        sum = next;
      }
      within += d;
      groupDcg += (gains / n) * d;
    }
    dcg += groupDcg;
    found += p;
    start = end;
  }
  // the ideal DCG of all its positive ranks, past the ranking's end
  while (<f64>rank < positives) ideal += walkNext() * getF64(S.discount, ++rank);
  sum += ((positives - found) * dcg) / ideal;
  return sum > 0 ? sum / positives : 0;
}
