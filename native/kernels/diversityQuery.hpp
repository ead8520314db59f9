#pragma once
#include <algorithm>
#include <cstdint>
#include "codes.hpp"
#include "coverage.hpp"
#include "diversityBatch.hpp"
#include "diversityScratch.hpp"
#include "idealIdeal.hpp"
#include "idealRanking.hpp"
#include "rankingSums.hpp"

namespace tie_eval {

/** Whether query q's ideal candidates are query q - 1's (the sd mode's orders of one query): its ideal sums are kept. */
inline bool sameIdeal(const DiversityBatch& b, int64_t q) {
  if (q == 0 || b.subtopicCounts[q] != b.subtopicCounts[q - 1]) return false;
  const uint32_t first = b.idealOffsets[q];
  const uint32_t count = b.idealOffsets[q + 1] - first;
  const uint32_t before = b.idealOffsets[q - 1];
  if (first - before != count) return false;
  for (uint32_t i = 0; i < count; i++) if (b.ideal[first + i] != b.ideal[before + i]) return false;
  return true;
}

/**
 * Query q's value of each measure of the batch into out[m * queries + q]: ndeval's definitions
 * over its ranking's tie groups, each the mean over every order of its groups (groups of one give
 * ndeval's values, computed as ndeval computes them). A query with no relevant subtopic (A = 0)
 * gets 0 for every measure (ndeval: 0, and NaN for nNRBP). `depth`: the sums' stride in s.sums,
 * the deepest group's depth; `kept`: whether s holds query q - 1's ideal sums.
 * @returns whether s now holds query q's ideal sums
 */
inline bool diversityQuery(DiversityScratch& s, const DiversityBatch& b, int64_t q, int64_t queries, int64_t depth, bool kept, double* out) {
  const int A = b.subtopicCounts[q];
  const int64_t measureCount = b.measureCount;
  s.subtopicCount = A;
  if (A == 0) {
    for (int64_t m = 0; m < measureCount; m++) out[m * queries + q] = 0;
    return false;
  }
  const uint32_t first = b.rankingOffsets[q];
  const int length = static_cast<int>(b.rankingOffsets[q + 1] - first);
  const uint32_t groupFirst = b.groupOffsets[q];
  const int groupCount = static_cast<int>(b.groupOffsets[q + 1] - groupFirst);
  const uint32_t idealFirst = b.idealOffsets[q];
  const int idealCount = static_cast<int>(b.idealOffsets[q + 1] - idealFirst);
  const int limit = b.maxRank > 0 ? static_cast<int>(std::min<int64_t>(b.maxRank, length)) : length;
  const bool reuse = kept && sameIdeal(b, q);
  if (!reuse) {
    for (int j = 0; j < A; j++) s.relevant[j] = 0;
    for (uint32_t i = idealFirst; i < idealFirst + idealCount; i++) {
      const int32_t row = b.ideal[i];
      for (uint32_t k = s.rows[row]; k < s.rows[row + 1]; k++) s.relevant[s.subtopics[k]]++;
    }
  }
  const int64_t groups = b.groupCount;
  for (int64_t g = 0; g < groups; g++) {
    const double q1 = 1 - b.sumGroups[4 * g];
    const double beta = b.sumGroups[4 * g + 1];
    const int groupDepth = static_cast<int>(b.sumGroups[4 * g + 2]);
    const bool withNrbp = b.sumGroups[4 * g + 3] == 1;
    const int64_t base = 6 * depth * g;
    s.nrbp[2 * g] = rankingSums(s, b.ranking, first, length, b.groupEnds, groupFirst, groupCount, q1, beta, groupDepth, withNrbp, limit, base, base + depth, b.discounts);
    if (reuse) continue;
    idealRanking(s, b.ideal, idealFirst, idealCount, q1);
    s.nrbp[2 * g + 1] = rankingSums(s, s.idealRows.data(), 0, idealCount, nullptr, 0, idealCount, q1, beta, groupDepth, withNrbp, idealCount, base + 2 * depth, base + 3 * depth, b.discounts);
    idealIdeal(s, q1, groupDepth, base + 4 * depth, base + 5 * depth, b.discounts);
  }
  for (int64_t m = 0; m < measureCount; m++) {
    const int code = static_cast<int>(b.measures[3 * m]);
    const int cutoff = static_cast<int>(b.measures[3 * m + 1]);
    const int64_t g = static_cast<int64_t>(b.measures[3 * m + 2]);
    const int64_t k = cutoff - 1;
    const int64_t base = 6 * depth * g;
    double value = 0;
    if (code == DIVERSITY_ALPHA_DCG) value = s.sums[base + k] / s.sums[base + 4 * depth + k];
    else if (code == DIVERSITY_ALPHA_NDCG) {
      const double norm = s.sums[base + 4 * depth + k];
      value = s.sums[base + k] / norm;
      value = value != 0 ? value / (s.sums[base + 2 * depth + k] / norm) : 0;
    } else if (code == DIVERSITY_ERR_IA) value = s.sums[base + depth + k] / s.sums[base + 5 * depth + k];
    else if (code == DIVERSITY_NERR_IA) {
      // ndeval normalises where alpha-DCG is not 0 (the same rankings)
      const double norm = s.sums[base + 5 * depth + k];
      value = s.sums[base + k] != 0 ? s.sums[base + depth + k] / norm / (s.sums[base + 3 * depth + k] / norm) : 0;
    } else if (code == DIVERSITY_NRBP || code == DIVERSITY_NNRBP) {
      const double scale = (1 - (1 - b.sumGroups[4 * g]) * b.sumGroups[4 * g + 1]) / A;
      value = s.nrbp[2 * g] * scale;
      // as ndeval, both scaled; alpha 0 with beta 1 scales both to 0: the ratio of the sums
      if (code == DIVERSITY_NNRBP) value = scale == 0 ? s.nrbp[2 * g] / s.nrbp[2 * g + 1] : value / (s.nrbp[2 * g + 1] * scale);
    } else if (code == DIVERSITY_MAP_IA) value = subtopicPrecisionSum(s, b.ranking, first, b.groupEnds, groupFirst, groupCount, limit) / A;
    else if (code == DIVERSITY_P_IA) value = relevantPairs(s, b.ranking, first, b.groupEnds, groupFirst, groupCount, std::min(cutoff, limit)) / (static_cast<double>(cutoff) * A);
    else value = coveredSubtopics(s, b.ranking, first, b.groupEnds, groupFirst, groupCount, std::min(cutoff, limit)) / A;
    out[m * queries + q] = value;
  }
  return true;
}

}  // namespace tie_eval
