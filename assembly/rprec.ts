import { expectedRelevant } from './expectedRelevant';

/** Rprec = E[relevant in the top R] / R (trec_eval's R-precision), 0 when R = 0. */
export function rprec(col: i32, relevant: f64): f64 {
  return relevant > 0 ? expectedRelevant(col, relevant) / relevant : 0;
}
