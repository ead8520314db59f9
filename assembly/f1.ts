import { expectedRelevant } from './expectedRelevant';

/** F1@k = 2 E[relevant in the top k] / (k + R): the harmonic mean of P@k and R@k, 0 when nothing is relevant. */
export function f1(col: i32, k: f64, relevant: f64): f64 {
  return (2 * expectedRelevant(col, k)) / (k + relevant);
}
