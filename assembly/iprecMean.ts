import { iprec } from './iprec';
import { pool } from './plan';

/**
 * trec_eval's 11pt_avg: the mean of the interpolated precision at the recall levels
 * pool[at .. at + count) (0, 0.1, ..., 1 by default), summed from the last level to the first, as
 * trec_eval sums them. Tie-aware, the mean of the levels' expectations. Returns -1 when a level's
 * exact average is too costly (see iprec).
 */
export function iprecMean(col: i32, relevant: f64, at: i32, count: i32, mode: i32): f64 {
  let sum: f64 = 0;
  for (let l = count - 1; l >= 0; l--) {
    const value = iprec(col, relevant, pool(at + l), mode);
    if (value < 0) return -1;
    sum += value;
  }
  return sum / <f64>count;
}
