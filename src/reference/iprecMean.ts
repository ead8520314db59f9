import type { Plan } from '../measures/plan.js';
import { iprec } from './iprec.js';
import type { Scratch } from './scratch.js';

/**
 * trec_eval's 11pt_avg: the mean of the interpolated precision at the recall levels
 * pool[at .. at + count) (0, 0.1, ..., 1 by default), summed from the last level to the first, as
 * trec_eval sums them. Tie-aware, the mean of the levels' expectations. Returns -1 when a level's
 * exact average is too costly (see iprec).
 */
export function iprecMean(s: Scratch, plan: Plan, col: number, relevant: number, at: number, count: number, mode: number): number {
  let sum = 0;
  for (let l = count - 1; l >= 0; l--) {
    const value = iprec(s, plan, col, relevant, plan.pool[at + l]!, mode);
    if (value < 0) return -1;
    sum += value;
  }
  return sum / count;
}
