import { IdealWalk, idealCount } from './idealLevels.js';
import type { Scratch } from './scratch.js';

const walk = new IdealWalk();

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
 * D the expected DCG of the groups above and d_j the discount of rank j.
 */
export function ndcgRel(s: Scratch, gainCol: number, constants: Float64Array, slot: number, plain: boolean): number {
  const positives = idealCount(constants, slot);
  s.ensureDiscount(positives);
  walk.start(constants, slot);
  let ideal = 0;
  let sum = 0;
  let carry = 0; // Kahan, as in averagePrecision
  let dcg = 0;
  let found = 0;
  let start = 0;
  let rank = 0;
  for (let g = 0; g < s.groupCount; g++) {
    const end = s.groupEnd[g]!;
    const n = end - start;
    const gains = s.groupGain[g * s.gains + gainCol]!;
    const positive = s.groupGain[g * s.gains + gainCol + 1]!;
    const p = s.groupGain[g * s.gains + gainCol + 2]!;
    const pairs = n > 1 ? (p * gains - positive) / (n * (n - 1)) : 0;
    let within = 0;
    let groupDcg = 0;
    for (let x = 1; x <= n; x++) {
      rank++;
      if (rank <= positives) ideal += walk.next() * s.discount[rank]!;
      const d = s.discount[rank]!;
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
  while (rank < positives) ideal += walk.next() * s.discount[++rank]!;
  sum += ((positives - found) * dcg) / ideal;
  return sum > 0 ? sum / positives : 0;
}
