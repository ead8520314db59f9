import { expectedRelevant } from './expectedRelevant';

/** P@k = E[relevant in the top k] / k. */
export function precision(col: i32, k: f64): f64 {
  return expectedRelevant(col, k) / k;
}
