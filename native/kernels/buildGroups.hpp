#pragma once
#include <cstdint>
#include "gradeGains.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * Step 2, the tie vector: cuts the ordered query into groups and sums, per group, the
 * relevant documents at each relevance level, the judged documents and the gains.
 * With `breakTies` (every mode but average) each document is a group of its own, so the
 * measure kernels compute the plain tie-oblivious value of that ordering.
 * `held` positions of `s.order` are ordered (see orderQuery); groups end at the first one
 * reaching position `depth` (n for the whole ranking). `s.n` stays n, the ranking's length.
 */
template <typename L>
void buildGroups(const double* scores, const L* labels, int64_t start, int n, int held, int depth, bool breakTies, const Plan& plan, Scratch& s) {
  const int levels = plan.levels();
  const int gains = plan.gains();
  s.n = n;
  s.levels = levels;
  s.gains = gains;
  // local pointers: the compiler cannot tell that the stores below leave the vectors' own fields alone
  const int32_t* order = s.order.data();
  int32_t* groupEnd = s.groupEnd.data();
  double* groupJudged = s.groupJudged.data();
  double* groupRel = s.groupRel.data();
  double* groupGain = s.groupGain.data();
  int g = -1;
  double prev = 0;
  for (int i = 0; i < held; i++) {
    const int64_t doc = start + order[i];
    const double score = scores[doc];
    // a new group starts at the first document, at every score change, or at every document
    if (g < 0 || breakTies || score != prev) {
      if (g >= 0 && groupEnd[g] >= depth) break;
      g++;
      groupJudged[g] = 0;
      for (int t = 0; t < levels; t++) groupRel[g * levels + t] = 0;
      for (int c = 0; c < gains; c++) groupGain[g * gains + c] = 0;
      prev = score;
    }
    groupEnd[g] = i + 1;
    const double label = static_cast<double>(labels[doc]);
    if (label >= 0) groupJudged[g] += 1;
    for (int t = 0; t < levels; t++) if (label >= plan.threshold(t)) groupRel[g * levels + t] += 1;
    for (int c = 0; c < gains; c++) groupGain[g * gains + c] += labelGain(label, plan, c, s);
  }
  s.groupCount = g + 1;
}

}  // namespace tie_eval
