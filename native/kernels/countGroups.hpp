#pragma once
#include <algorithm>
#include <cstdint>
#include "gain.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * Steps 1 and 2 at once for a small query in average mode, where only each group's counts
 * matter: the group of document i starts at the number of documents scoring higher, so its
 * counts are summed in the row of that start position, and the rows are then packed, in start
 * order, into the group table; no ordering and no branch on the data.
 * As buildGroups, groups starting at or past `depth` are left out (the first one never is).
 * Inside a group the documents are summed in position order, the order rankPositions gives
 * them, so the sums equal orderQuery's and buildGroups' to the bit.
 */
template <typename L>
void countGroups(const double* scores, const L* labels, int64_t start, int n, int depth, const Plan& plan, Scratch& s) {
  const int levels = plan.levels();
  const int gains = plan.gains();
  s.n = n;
  s.levels = levels;
  s.gains = gains;
  // local pointers: the compiler cannot tell that the stores below leave the vectors' own fields alone
  int32_t* groupEnd = s.groupEnd.data();
  double* groupJudged = s.groupJudged.data();
  double* groupRel = s.groupRel.data();
  double* groupGain = s.groupGain.data();
  // the size of the group starting at each position, in s.order (no order is needed)
  int32_t* size = s.order.data();
  const int rows = std::min(n, std::max(depth, 1));
  // the rows, and the one past them when it exists (above < n always)
  const int kept = std::min(n, rows + 1);
  for (int p = 0; p < kept; p++) size[p] = 0;
  for (int p = 0; p < kept; p++) groupJudged[p] = 0;
  for (int p = 0; p < kept * levels; p++) groupRel[p] = 0;
  for (int p = 0; p < kept * gains; p++) groupGain[p] = 0;
  // the documents scoring higher than each one, where its group starts: counted for all of them
  // at once, one score at a time against every other, a loop the compiler vectorizes (a count
  // per document is a chain of scalar compares; without vectors that form pays, since it holds
  // the count in a register where this one reloads it: the reference counts per document; the
  // WASM kernel, whose engines do not vectorize, eight documents at a time in SIMD registers)
  const double* x = scores + start;
  double* higher = s.select.data();
  for (int i = 0; i < n; i++) higher[i] = 0;
  for (int j = 0; j < n; j++) {
    const double xj = x[j];
    for (int i = 0; i < n; i++) higher[i] += xj > x[i] ? 1.0 : 0.0;
  }
  for (int i = 0; i < n; i++) {
    // one past the last row for a group starting at or past it, which the packing never reads
    // (a clamp, not a branch on the data)
    const int above = std::min(static_cast<int>(higher[i]), rows);
    size[above]++;
    const double label = static_cast<double>(labels[start + i]);
    groupJudged[above] += label >= 0 ? 1 : 0;
    for (int t = 0; t < levels; t++) groupRel[above * levels + t] += label >= plan.threshold(t) ? 1 : 0;
    for (int c = 0; c < gains; c++) groupGain[above * gains + c] += gainOf(label, plan.gainType(c), plan.gainRel(c));
  }
  // pack the rows: the group starting at position p ends at p + size[p], where the next one starts
  int g = 0;
  for (int p = 0; p < rows; p += size[p], g++) {
    groupEnd[g] = p + size[p];
    groupJudged[g] = groupJudged[p];
    for (int t = 0; t < levels; t++) groupRel[g * levels + t] = groupRel[p * levels + t];
    for (int c = 0; c < gains; c++) groupGain[g * gains + c] = groupGain[p * gains + c];
  }
  s.groupCount = g;
}

}  // namespace tie_eval
