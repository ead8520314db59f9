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
  const positives = idealCount(constants, slot);
  const terms = rndcgTerms(s, constants, slot, positives);
  // DCG_n from the query's running DCG, which keeps DCG_b for every rank b through n
  const whole = dcg(s, gainCol, 0, plain);
  const run = s.dcgSum;
  let sum = 0;
  let count = 0;
  for (let t = 0; t < terms; t++) {
    sum += run.values[Math.min(s.gainLevels[2 * t]!, run.rank)]! / s.gainLevels[2 * t + 1]!;
    count++;
  }
  const ideal = terms > 0 ? s.gainLevels[2 * terms - 1]! : 0;
  if (s.n > positives + 1 && ideal > 0) {
    sum += whole / ideal;
    count++;
  }
  return count > 0 ? sum / count : 0;
}

/**
 * Rndcg's ranks b (where a positive gain level of the ideal ranking ends, the last at N+ =
 * `positives`) with the ideal DCG through each, as pairs in s.gainLevels (step 0's, free after
 * it); returns how many.
 */
export function rndcgTerms(s: Scratch, constants: Float64Array, slot: number, positives: number): number {
  const levels = constants[slot]!;
  s.ensureDiscount(positives);
  walk.start(constants, slot);
  let ideal = 0;
  let count = 0;
  let boundary = levels > 0 ? constants[slot + 2]! : -1;
  for (let rank = 1; rank <= positives; rank++) {
    ideal += walk.next() * s.discount[rank]!;
    if (rank === boundary) {
      s.gainLevels[2 * count] = rank;
      s.gainLevels[2 * count + 1] = ideal;
      count++;
      boundary = count < levels ? boundary + constants[slot + 2 + 2 * count]! : -1;
    }
  }
  return count;
}
