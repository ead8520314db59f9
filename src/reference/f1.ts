import { expectedRelevant } from './expectedRelevant.js';
import type { Scratch } from './scratch.js';

/** F1@k = 2 E[relevant in the top k] / (k + R): the harmonic mean of P@k and R@k, 0 when nothing is relevant. */
export function f1(s: Scratch, col: number, k: number, relevant: number): number {
  return (2 * expectedRelevant(s, col, k)) / (k + relevant);
}
