import { dcg } from './dcg.js';
import { IdealWalk, idealCount } from './idealLevels.js';
import type { Scratch } from './scratch.js';

const walk = new IdealWalk();

/**
 * trec_eval's Rndcg: the mean of DCG_b / IDCG_b over the ranks b where a gain level of the ideal
 * ranking ends (the cumulative counts of its positive gain levels, the last at N+), DCG_b
 * stopping at the ranking's end; and when the ranking runs past rank N+ + 1, once more
 * DCG_n / IDCG_(N+) (trec_eval adds that term only then).
 * 0 when R = 0 or no rank counts (trec_eval prints nan there). The ranks b do not depend on the
 * order, so the tie-aware value is linear: each rank takes its group's mean gain. DCG_b is the
 * query's running DCG (see dcg), which other rows of the column share.
 */
export function rndcg(s: Scratch, gainCol: number, relevant: number, constants: Float64Array, slot: number, plain: boolean): number {
  if (relevant === 0) return 0;
  const levels = constants[slot]!;
  const positives = idealCount(constants, slot);
  s.ensureDiscount(positives);
  walk.start(constants, slot);
  // DCG_n from the query's running DCG, which keeps DCG_b for every rank b through n
  const whole = dcg(s, gainCol, 0, plain);
  const run = s.dcgSum;
  let ideal = 0;
  let sum = 0;
  let count = 0;
  let level = 0;
  let boundary = levels > 0 ? constants[slot + 2]! : -1;
  for (let rank = 1; rank <= positives; rank++) {
    ideal += walk.next() * s.discount[rank]!;
    if (rank === boundary) {
      sum += run.values[Math.min(rank, run.rank)]! / ideal;
      count++;
      level++;
      boundary = level < levels ? boundary + constants[slot + 2 + 2 * level]! : -1;
    }
  }
  if (s.n > positives + 1 && ideal > 0) {
    sum += whole / ideal;
    count++;
  }
  return count > 0 ? sum / count : 0;
}
