import { expectedRelevant } from './expectedRelevant.js';
import type { Scratch } from './scratch.js';

/** The rank R-precision reads: floor(mult R + 0.9), as trec_eval's Rprec_mult rounds it (R itself for mult 1). */
export function rprecDepth(mult: number, relevant: number): number {
  return Math.floor(mult * relevant + 0.9);
}

/** Rprec = E[relevant in the top c] / c at c = rprecDepth(mult, R) (trec_eval's R-precision and Rprec_mult), 0 when c = 0. */
export function rprec(s: Scratch, col: number, relevant: number, mult: number): number {
  const c = rprecDepth(mult, relevant);
  return c > 0 ? expectedRelevant(s, col, c) / c : 0;
}
