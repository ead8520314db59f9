import { expectedRelevant } from './expectedRelevant.js';
import type { Scratch } from './scratch.js';

/** R@k = E[relevant in the top k] / R, 0 when R = 0. */
export function recall(s: Scratch, col: number, k: number, relevant: number): number {
  return relevant > 0 ? expectedRelevant(s, col, k) / relevant : 0;
}
