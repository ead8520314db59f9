import { idealCount } from './idealLevels';
import { linearSpread, WEIGHTS_TABLE } from './linearSpread';
import { rndcgTerms } from './rndcg';
import { getF64, getI32, setF64 } from './memory';
import * as S from './scratch';

/**
 * The standard deviation of Rndcg (see rndcg): its terms DCG_b' / IDCG_b (b' = min(b, k), k the
 * ranks the running DCG reaches) are sums of gain × discount over the ranks through b', so Rndcg
 * is sum_j g_j d_j W_j with W_j the sum of 1/IDCG_b over the terms reaching rank j, over their
 * count: linear in the gains, as DCG. The weights d_j W_j go to S.work[1..k] for linearSpread.
 * 0 when R = 0 or no rank counts. Labels are of type L (u8, i32 or f64).
 */
export function rndcgSpread<L>(labels: usize, start: i32, gainCol: i32, relevant: f64, constants: usize, slot: i32): f64 {
  if (relevant == 0) return 0;
  const positives = idealCount(constants, slot);
  const terms = rndcgTerms(constants, slot, positives);
  const last = S.groupCount > 0 ? getI32(S.groupEnd, S.groupCount - 1) : 0;
  const k = min(S.n, last);
  // each term's 1/IDCG at the last rank it reaches, then summed from the back
  const table = S.work;
  for (let j = 0; j <= k; j++) setF64(table, j, 0);
  let count: f64 = 0;
  for (let t = 0; t < terms; t++) {
    const at = min(<i32>getF64(S.gainLevels, 2 * t), k);
    setF64(table, at, getF64(table, at) + 1 / getF64(S.gainLevels, 2 * t + 1));
    count++;
  }
  const ideal = terms > 0 ? getF64(S.gainLevels, 2 * terms - 1) : 0;
  if (<f64>S.n > positives + 1 && ideal > 0) {
    setF64(table, k, getF64(table, k) + 1 / ideal);
    count++;
  }
  if (count == 0) return 0;
  let reach: f64 = 0;
  for (let j = k; j >= 1; j--) {
    reach += getF64(table, j);
    setF64(table, j, (getF64(S.discount, j) * reach) / count);
  }
  return linearSpread<L>(labels, start, 0, gainCol, 1, WEIGHTS_TABLE, 0, <f64>k);
}
