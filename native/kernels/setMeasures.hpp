#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "counts.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

// The set measures judge the retrieved documents as a set: they do not depend on the order, so
// they are the same in every tie mode. Each divides as trec_eval does, in its order.

/** SetP: relevant retrieved / retrieved (0 without any); relative: over min(retrieved, R) (0 when R = 0). */
TIE_EVAL_INLINE double setP(const Scratch& s, int col, double relevant, double relative) {
  const double found = relevantRetrieved(s, col);
  if (relative > 0) return s.n > 0 && relevant > 0 ? found / std::min<double>(s.n, relevant) : 0;
  return s.n > 0 ? found / s.n : 0;
}

/** SetR: relevant retrieved / R (0 when R = 0). */
TIE_EVAL_INLINE double setR(const Scratch& s, int col, double relevant) { return relevant > 0 ? relevantRetrieved(s, col) / relevant : 0; }

/** SetF: (beta + 1) P R / (beta P + R) of SetP and SetR (0 when nothing relevant is retrieved). */
TIE_EVAL_INLINE double setF(const Scratch& s, int col, double relevant, double beta) {
  const double found = relevantRetrieved(s, col);
  if (found == 0) return 0;
  const double p = found / s.n;
  const double r = found / relevant;
  return ((beta + 1) * p * r) / (beta * p + r);
}

/** SetAP: SetP × SetR, as found² / (retrieved R) (0 without any retrieved or relevant). */
TIE_EVAL_INLINE double setAP(const Scratch& s, int col, double relevant) {
  const double found = relevantRetrieved(s, col);
  return s.n > 0 && relevant > 0 ? (found * found) / (s.n * relevant) : 0;
}

/**
 * utility: a × relevant retrieved + b × non-relevant retrieved + c × relevant not retrieved +
 * d × non-relevant not retrieved, those last of a collection of `docs` documents; the
 * coefficients a, b, c, d, docs are the plan's pool[at .. at + 5).
 */
TIE_EVAL_INLINE double utility(const Scratch& s, int col, double relevant, const Plan& plan, int at) {
  const double found = relevantRetrieved(s, col);
  return plan.pool(at) * found + plan.pool(at + 1) * (s.n - found) + plan.pool(at + 2) * (relevant - found) + plan.pool(at + 3) * (plan.pool(at + 4) + found - s.n - relevant);
}

}  // namespace tie_eval
