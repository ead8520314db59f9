import { expectedRelevant } from './expectedRelevant';

/** P@k = E[relevant in the top k] / k; relative (trec_eval's relative_P): over min(k, R), 0 when R = 0. */
export function precision(col: i32, k: f64, relative: f64, relevant: f64): f64 {
  if (relative > 0) return relevant > 0 ? expectedRelevant(col, k) / Math.min(k, relevant) : 0;
  return expectedRelevant(col, k) / k;
}
