#pragma once
#include <algorithm>
#include <cstdint>
#include "diversityScratch.hpp"
#include "groupSubtopics.hpp"

namespace tie_eval {

/**
 * P-IA@k's count: the (document, subtopic) pairs of relevance in the top k of a ranking (as
 * rankingSums takes it), its mean over the orders of each tie group (a group crossing k gives
 * (k - start) / n of its pairs).
 */
inline double relevantPairs(DiversityScratch& s, const int32_t* ranking, int64_t first, const int32_t* groupEnds, int64_t groupFirst, int groupCount, int k) {
  double count = 0;
  int start = 0;
  for (int g = 0; g < groupCount && start < k; g++) {
    const int end = groupEnds[groupFirst + g];
    int64_t pairs = 0;
    for (int64_t i = first + start; i < first + end; i++) {
      const int32_t row = ranking[i];
      if (row >= 0) pairs += s.rows[row + 1] - s.rows[row];
    }
    count += end <= k ? static_cast<double>(pairs) : (static_cast<double>(pairs) * (k - start)) / (end - start);
    start = end;
  }
  return count;
}

/**
 * strec@k's count: the subtopics covered by the top k, its mean over the orders of each tie
 * group: a subtopic first met in a group of n crossing k, m of its documents relevant to it, is
 * covered unless none of them is among the group's first r = k - start slots, a chance of
 * C(n - m, r) / C(n, r).
 */
inline double coveredSubtopics(DiversityScratch& s, const int32_t* ranking, int64_t first, const int32_t* groupEnds, int64_t groupFirst, int groupCount, int k) {
  for (int j = 0; j < s.subtopicCount; j++) s.covered[j] = 0;
  double count = 0;
  int start = 0;
  for (int g = 0; g < groupCount && start < k; g++) {
    const int end = groupEnds[groupFirst + g];
    const int n = end - start;
    groupSubtopics(s, ranking, first + start, first + end);
    for (int at = 0; at < s.presentCount; at++) {
      const int j = s.present[at];
      if (s.covered[j] == 0) {
        if (end <= k) count++;
        else {
          const int r = k - start;
          double none = 1;
          for (int i = 0; i < r && none > 0; i++) none *= static_cast<double>(n - s.inGroup[j] - i) / (n - i);
          count += 1 - none;
        }
        s.covered[j] = 1;
      }
      s.inGroup[j] = 0;
    }
    start = end;
  }
  return count;
}

/**
 * MAP-IA's sum: over the subtopics, the sum of precision (for that subtopic) at each document
 * relevant to it, over every rank, divided by its relevant documents (s.relevant); the mean over
 * the orders of each tie group: at slot p of a group of n at `start`, m of its documents relevant
 * to the subtopic and C above it, a relevant document sits with chance m / n, with
 * C + 1 + p (m - 1) / (n - 1) relevant documents at or above it on average (McSherry and Najork's
 * AP, per subtopic). No slot from `limit` on counts (-M).
 */
inline double subtopicPrecisionSum(DiversityScratch& s, const int32_t* ranking, int64_t first, const int32_t* groupEnds, int64_t groupFirst, int groupCount, int limit) {
  for (int j = 0; j < s.subtopicCount; j++) {
    s.totals[j] = 0;
    s.above[j] = 0;
  }
  int start = 0;
  for (int g = 0; g < groupCount && start < limit; g++) {
    const int end = groupEnds[groupFirst + g];
    const int n = end - start;
    const int slots = std::min(n, limit - start);
    groupSubtopics(s, ranking, first + start, first + end);
    for (int at = 0; at < s.presentCount; at++) {
      const int j = s.present[at];
      const double m = s.inGroup[j];
      double sum = 0;
      for (int p = 0; p < slots; p++) sum += (m / n) * ((s.above[j] + 1 + (n > 1 ? (p * (m - 1)) / (n - 1) : 0)) / (start + p + 1));
      s.totals[j] += sum;
      s.above[j] += m;
      s.inGroup[j] = 0;
    }
    start = end;
  }
  double sum = 0;
  for (int j = 0; j < s.subtopicCount; j++) sum += s.totals[j] / s.relevant[j];
  return sum;
}

}  // namespace tie_eval
