import type { Plan } from '../measures/plan.js';
import type { LabelArray } from '../core/labels.js';
import { idealCount } from './idealLevels.js';
import { linearSpread, WEIGHTS_TABLE } from './linearSpread.js';
import { rndcgTerms } from './rndcg.js';
import type { Scratch } from './scratch.js';

/**
 * The standard deviation of Rndcg (see rndcg): its terms DCG_b' / IDCG_b (b' = min(b, k), k the
 * ranks the running DCG reaches) are sums of gain × discount over the ranks through b', so Rndcg
 * is sum_j g_j d_j W_j with W_j the sum of 1/IDCG_b over the terms reaching rank j, over their
 * count: linear in the gains, as DCG. The weights d_j W_j go to s.work[1..k] for linearSpread.
 * 0 when R = 0 or no rank counts.
 */
export function rndcgSpread(s: Scratch, labels: LabelArray, start: number, plan: Plan, gainCol: number, relevant: number, constants: Float64Array, slot: number): number {
  if (relevant === 0) return 0;
  const positives = idealCount(constants, slot);
  const terms = rndcgTerms(s, constants, slot, positives);
  const last = s.groupCount > 0 ? s.groupEnd[s.groupCount - 1]! : 0;
  const k = Math.min(s.n, last);
  // each term's 1/IDCG at the last rank it reaches, then summed from the back
  const table = s.work;
  for (let j = 0; j <= k; j++) table[j] = 0;
  let count = 0;
  for (let t = 0; t < terms; t++) {
    table[Math.min(s.gainLevels[2 * t]!, k)] += 1 / s.gainLevels[2 * t + 1]!;
    count++;
  }
  const ideal = terms > 0 ? s.gainLevels[2 * terms - 1]! : 0;
  if (s.n > positives + 1 && ideal > 0) {
    table[k] += 1 / ideal;
    count++;
  }
  if (count === 0) return 0;
  let reach = 0;
  for (let j = k; j >= 1; j--) {
    reach += table[j]!;
    table[j] = (s.discount[j]! * reach) / count;
  }
  return linearSpread(s, labels, start, plan, 0, gainCol, 1, WEIGHTS_TABLE, 0, k);
}
