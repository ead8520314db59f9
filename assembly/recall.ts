import { expectedRelevant } from './expectedRelevant';

/** R@k = E[relevant in the top k] / R, 0 when R = 0. */
export function recall(col: i32, k: f64, relevant: f64): f64 {
  return relevant > 0 ? expectedRelevant(col, k) / relevant : 0;
}
