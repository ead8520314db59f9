import { expectedRelevant } from './expectedRelevant.js';
import type { Scratch } from './scratch.js';

/** P@k = E[relevant in the top k] / k. */
export function precision(s: Scratch, col: number, k: number): number {
  return expectedRelevant(s, col, k) / k;
}
