import { dcg } from './dcg';
import { idealCount, walkNext, walkStart } from './idealLevels';
import { getF64 } from './memory';
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
  const levels = getF64(constants, slot);
  const positives = idealCount(constants, slot);
  walkStart(constants, slot);
  // DCG_n from the query's running DCG, which keeps DCG_b for every rank b through n
  const whole = dcg(gainCol, 0, plain);
  const run = S.dcgSum;
  let ideal: f64 = 0;
  let sum: f64 = 0;
  let count: f64 = 0;
  let level = 0;
  let boundary: f64 = levels > 0 ? getF64(constants, slot + 2) : -1;
  for (let rank = 1; <f64>rank <= positives; rank++) {
    ideal += walkNext() * getF64(S.discount, rank);
    if (<f64>rank == boundary) {
      sum += getF64(run.values, min(rank, run.rank)) / ideal;
      count++;
      level++;
      boundary = <f64>level < levels ? boundary + getF64(constants, slot + 2 + 2 * level) : -1;
    }
  }
  if (<f64>S.n > positives + 1 && ideal > 0) {
    sum += whole / ideal;
    count++;
  }
  return count > 0 ? sum / count : 0;
}
