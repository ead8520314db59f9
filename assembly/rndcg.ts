import { dcg } from './dcg';
import { idealCount, walkNext, walkStart } from './idealLevels';
import { getF64, setF64 } from './memory';
import * as S from './scratch';

/**
 * trec_eval's Rndcg: the mean of DCG_b / IDCG_b over the ranks b where a gain level of the ideal
 * ranking ends (the cumulative counts of its positive gain levels, the last at N+), DCG_b
 * stopping at the ranking's end; and when the ranking runs past rank N+ + 1, once more
 * DCG_n / IDCG_(N+) (trec_eval adds that term only then).
 * 0 when R = 0 or no rank counts (trec_eval prints nan there). The ranks b do not depend on the
 * order, so the tie-aware value is linear: each rank takes its group's mean gain. DCG_b is the
 * query's running DCG (see dcg), which other rows of the column share.
 */
export function rndcg(gainCol: i32, relevant: f64, constants: usize, slot: i32, plain: bool): f64 {
  if (relevant == 0) return 0;
  const positives = idealCount(constants, slot);
  const terms = rndcgTerms(constants, slot, positives);
  // DCG_n from the query's running DCG, which keeps DCG_b for every rank b through n
  const whole = dcg(gainCol, 0, plain);
  const run = S.dcgSum;
  let sum: f64 = 0;
  let count: f64 = 0;
  for (let t = 0; t < terms; t++) {
    sum += getF64(run.values, min(<i32>getF64(S.gainLevels, 2 * t), run.rank)) / getF64(S.gainLevels, 2 * t + 1);
    count++;
  }
  const ideal = terms > 0 ? getF64(S.gainLevels, 2 * terms - 1) : 0;
  if (<f64>S.n > positives + 1 && ideal > 0) {
    sum += whole / ideal;
    count++;
  }
  return count > 0 ? sum / count : 0;
}

/**
 * Rndcg's ranks b (where a positive gain level of the ideal ranking ends, the last at N+ =
 * `positives`) with the ideal DCG through each, as pairs in S.gainLevels (step 0's, free after
 * it); returns how many.
 */
export function rndcgTerms(constants: usize, slot: i32, positives: f64): i32 {
  const levels = getF64(constants, slot);
  walkStart(constants, slot);
  let ideal: f64 = 0;
  let count = 0;
  let boundary: f64 = levels > 0 ? getF64(constants, slot + 2) : -1;
  for (let rank = 1; <f64>rank <= positives; rank++) {
    ideal += walkNext() * getF64(S.discount, rank);
    if (<f64>rank == boundary) {
      setF64(S.gainLevels, 2 * count, <f64>rank);
      setF64(S.gainLevels, 2 * count + 1, ideal);
      count++;
      boundary = <f64>count < levels ? boundary + getF64(constants, slot + 2 + 2 * count) : -1;
    }
  }
  return count;
}
