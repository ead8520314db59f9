#pragma once
#include "inlineKernel.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * trec_eval's binG over R (0 when no relevant document is retrieved): every relevant document
 * adds 1/log2(2 + y), y the documents above it that are not relevant (at level `col`).
 *
 * Tie-aware: a relevant document of group V_i follows the B_i = t_i - R_i non-relevant
 * documents of the groups above, and Y of the m_i = n_i - r_i of its own group; in a random
 * order of the group its place among itself and those m_i is uniform, so Y is uniform on
 * 0..m_i and the group adds r_i / (m_i + 1) times the sum over y of 1/log2(2 + B_i + y).
 * discount[j] = 1/log2(j + 1) serves, at j = 1 + B_i + y.
 */
TIE_EVAL_INLINE double binG(const Scratch& s, int col, double relevant, bool plain) {
  double sum = 0;
  double carry = 0;  // Kahan, as in averagePrecision
  double before = 0;
  double found = 0;
  double start = 0;
  for (int g = 0; g < s.groupCount; g++) {
    const double end = s.groupEnd[g];
    const double r = s.groupRel[g * s.levels + col];
    if (r > 0) {
      const double m = end - start - r;
      const double nonrel = start - before;
      double inner = 0;
      for (double y = 0; y <= m; y++) inner += s.discount[static_cast<size_t>(1 + nonrel + y)];
      const double term = (r * inner) / (m + 1) - carry;
      const double next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
      found += r;
    }
    before += r;
    start = end;
  }
  return found > 0 ? sum / relevant : 0;
}

}  // namespace tie_eval
