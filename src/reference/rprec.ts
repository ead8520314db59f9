import { expectedRelevant } from './expectedRelevant.js';
import type { Scratch } from './scratch.js';

/** Rprec = E[relevant in the top R] / R (trec_eval's R-precision), 0 when R = 0. */
export function rprec(s: Scratch, col: number, relevant: number): number {
  return relevant > 0 ? expectedRelevant(s, col, relevant) / relevant : 0;
}
