import { relevantRetrieved } from './counts.js';
import type { Scratch } from './scratch.js';

// The set measures judge the retrieved documents as a set: they do not depend on the order, so
// they are the same in every tie mode. Each divides as trec_eval does, in its order.

/** SetP: relevant retrieved / retrieved (0 without any); relative: over min(retrieved, R) (0 when R = 0). */
export function setP(s: Scratch, col: number, relevant: number, relative: number): number {
  const found = relevantRetrieved(s, col);
  if (relative > 0) return s.n > 0 && relevant > 0 ? found / Math.min(s.n, relevant) : 0;
  return s.n > 0 ? found / s.n : 0;
}

/** SetR: relevant retrieved / R (0 when R = 0). */
export function setR(s: Scratch, col: number, relevant: number): number {
  return relevant > 0 ? relevantRetrieved(s, col) / relevant : 0;
}

/** SetF: (beta + 1) P R / (beta P + R) of SetP and SetR (0 when nothing relevant is retrieved). */
export function setF(s: Scratch, col: number, relevant: number, beta: number): number {
  const found = relevantRetrieved(s, col);
  if (found === 0) return 0;
  const p = found / s.n;
  const r = found / relevant;
  return ((beta + 1) * p * r) / (beta * p + r);
}

/** SetAP: SetP × SetR, as found² / (retrieved R) (0 without any retrieved or relevant). */
export function setAP(s: Scratch, col: number, relevant: number): number {
  const found = relevantRetrieved(s, col);
  return s.n > 0 && relevant > 0 ? (found * found) / (s.n * relevant) : 0;
}

/**
 * utility: a × relevant retrieved + b × non-relevant retrieved + c × relevant not retrieved +
 * d × non-relevant not retrieved, those last of a collection of `docs` documents; the
 * coefficients a, b, c, d, docs are pool[at .. at + 5).
 */
export function utility(s: Scratch, col: number, relevant: number, pool: Float64Array, at: number): number {
  const found = relevantRetrieved(s, col);
  return pool[at]! * found + pool[at + 1]! * (s.n - found) + pool[at + 2]! * (relevant - found) + pool[at + 3]! * (pool[at + 4]! + found - s.n - relevant);
}
