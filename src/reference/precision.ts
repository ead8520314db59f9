import { expectedRelevant } from './expectedRelevant.js';
import type { Scratch } from './scratch.js';

/** P@k = E[relevant in the top k] / k; relative (trec_eval's relative_P): over min(k, R), 0 when R = 0. */
export function precision(s: Scratch, col: number, k: number, relative: number, relevant: number): number {
  if (relative > 0) return relevant > 0 ? expectedRelevant(s, col, k) / Math.min(k, relevant) : 0;
  return expectedRelevant(s, col, k) / k;
}
