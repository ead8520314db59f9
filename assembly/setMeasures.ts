import { relevantRetrieved } from './counts';
import { pool } from './plan';
import * as S from './scratch';

// The set measures judge the retrieved documents as a set: they do not depend on the order, so
// they are the same in every tie mode. Each divides as trec_eval does, in its order.

/** SetP: relevant retrieved / retrieved (0 without any); relative: over min(retrieved, R) (0 when R = 0). */
export function setP(col: i32, relevant: f64, relative: f64): f64 {
  const found = relevantRetrieved(col);
  if (relative > 0) return S.n > 0 && relevant > 0 ? found / Math.min(<f64>S.n, relevant) : 0;
  return S.n > 0 ? found / <f64>S.n : 0;
}

/** SetR: relevant retrieved / R (0 when R = 0). */
export function setR(col: i32, relevant: f64): f64 {
  return relevant > 0 ? relevantRetrieved(col) / relevant : 0;
}

/** SetF: (beta + 1) P R / (beta P + R) of SetP and SetR (0 when nothing relevant is retrieved). */
export function setF(col: i32, relevant: f64, beta: f64): f64 {
  const found = relevantRetrieved(col);
  if (found == 0) return 0;
  const p = found / <f64>S.n;
  const r = found / relevant;
  return ((beta + 1) * p * r) / (beta * p + r);
}

/** SetAP: SetP × SetR, as found² / (retrieved R) (0 without any retrieved or relevant). */
export function setAP(col: i32, relevant: f64): f64 {
  const found = relevantRetrieved(col);
  return S.n > 0 && relevant > 0 ? (found * found) / (<f64>S.n * relevant) : 0;
}

/**
 * utility: a × relevant retrieved + b × non-relevant retrieved + c × relevant not retrieved +
 * d × non-relevant not retrieved, those last of a collection of `docs` documents; the
 * coefficients a, b, c, d, docs are the plan's pool[at .. at + 5).
 */
export function utility(col: i32, relevant: f64, at: i32): f64 {
  const found = relevantRetrieved(col);
  const n = <f64>S.n;
  return pool(at) * found + pool(at + 1) * (n - found) + pool(at + 2) * (relevant - found) + pool(at + 3) * (pool(at + 4) + found - n - relevant);
}
