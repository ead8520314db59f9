#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "codes.hpp"
#include "hypergeometric.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * AP(norm=found)@k when group V_c crosses k: E[numerator / (R_c + X)] is not a ratio of
 * expectations, so condition on X, the relevant count in the s = k - t_c slots of V_c
 * (hypergeometric). Given X = x the x relevant documents sit uniformly among the s slots, so
 * V_c adds (x/s) ((R_c + 1) H1 + ((x - 1)/(s - 1)) H2) with H1 = sum 1/(t_c + y) and
 * H2 = sum (y - 1)/(t_c + y) over y = 1..s; the groups above add `above` whatever x is.
 */
inline double apFoundCrossing(Scratch& s, double above, double before, double start, double size, double r, double k) {
  const double slots = k - start;
  double h1 = 0;
  double h2 = 0;
  double carry1 = 0;  // Kahan, as in averagePrecision
  double carry2 = 0;
  for (double y = 1; y <= slots; y++) {
    const double term1 = 1 / (start + y) - carry1;
    const double next1 = h1 + term1;
    carry1 = next1 - h1 - term1;
    h1 = next1;
    const double term2 = (y - 1) / (start + y) - carry2;
    const double next2 = h2 + term2;
    carry2 = next2 - h2 - term2;
    h2 = next2;
  }
  const double lo = std::max(0.0, slots - (size - r));
  const double hi = std::min(slots, r);
  hypergeometric(size, r, slots, lo, hi, s.pmf.data());
  double ap = 0;
  for (double x = lo; x <= hi; x++) {
    const double found = before + x;
    if (found == 0) continue;
    const double within = slots > 1 ? (x - 1) / (slots - 1) : 0;
    const double crossing = (x / slots) * ((before + 1) * h1 + within * h2);
    ap += (s.pmf[static_cast<int>(x - lo)] * (above + crossing)) / found;
  }
  return ap;
}

/**
 * AP@k (cutoff 0: the whole ranking) divided by R, min(k, R) or the relevant found in the top k.
 *
 * Position j of group V_i (slots t_i+1..t_i+n_i) holds a relevant document in r_i/n_i of the
 * orderings; when it does, the other j - t_i - 1 slots before it hold on average
 * (j - t_i - 1)(r_i - 1)/(n_i - 1) relevant documents, so its expected precision term is
 * (r_i/n_i) (R_i + (j - t_i - 1)(r_i - 1)/(n_i - 1) + 1) / j. Groups without relevant
 * documents add nothing and are skipped.
 *
 * With norm=found the denominator depends on the ordering: see `apFoundCrossing`.
 * The sum is compensated (Kahan) unless `plain` (trec and input modes sum in rank order, as
 * trec_eval does, so that values on an exact half print its digits).
 */
TIE_EVAL_INLINE double averagePrecision(Scratch& s, int col, double cutoff, int norm, double relevant, bool plain) {
  const double k = cutoff > 0 ? cutoff : s.n;
  double sum = 0;
  double carry = 0;  // Kahan: the rounding error of sum, kept so long groups stay exact to ~1 ulp
  double before = 0;
  double start = 0;
  for (int g = 0; g < s.groupCount && start < k; g++) {
    const double end = s.groupEnd[g];
    const double size = end - start;
    const double r = s.groupRel[g * s.levels + col];
    if (norm == NORM_FOUND && end > k) return apFoundCrossing(s, sum, before, start, size, r, k);
    if (r > 0) {
      const double share = r / size;
      const double inner = size > 1 ? (r - 1) / (size - 1) : 0;
      const double last = std::min(end, k);
      for (double j = start + 1; j <= last; j++) {
        const double term = (share * (before + (j - start - 1) * inner + 1)) / j - carry;
        const double next = sum + term;
        carry = plain ? 0 : next - sum - term;
        sum = next;
      }
    }
    before += r;
    start = end;
  }
  const double denominator = norm == NORM_R ? relevant : norm == NORM_MIN ? std::min(k, relevant) : before;
  return denominator > 0 ? sum / denominator : 0;
}

}  // namespace tie_eval
