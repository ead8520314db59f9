import { expectedRelevant } from './expectedRelevant';

/** The rank R-precision reads: floor(mult R + 0.9), as trec_eval's Rprec_mult rounds it (R itself for mult 1). */
export function rprecDepth(mult: f64, relevant: f64): f64 {
  return Math.floor(mult * relevant + 0.9);
}

/** Rprec = E[relevant in the top c] / c at c = rprecDepth(mult, R) (trec_eval's R-precision and Rprec_mult), 0 when c = 0. */
export function rprec(col: i32, relevant: f64, mult: f64): f64 {
  const c = rprecDepth(mult, relevant);
  return c > 0 ? expectedRelevant(col, c) / c : 0;
}
