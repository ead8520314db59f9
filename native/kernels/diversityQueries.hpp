#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include "diversityBatch.hpp"
#include "diversityQuery.hpp"
#include "diversityScratch.hpp"

namespace tie_eval {

/**
 * What a batch's scratch must hold (see DiversityScratch): [A, L, I, P], the most subtopics of a
 * query, the longest ranking (a run's or an ideal's), the most ideal candidates, the most (document, subtopic) pairs of a
 * ranking; and the sums' depth, the deepest sum group's.
 */
inline std::array<int64_t, 5> diversitySizes(const DiversityBatch& b) {
  int64_t A = 0;
  int64_t L = 0;
  int64_t I = 0;
  int64_t P = 0;
  for (int64_t q = 0; q < b.queries; q++) {
    A = std::max<int64_t>(A, b.subtopicCounts[q]);
    L = std::max<int64_t>(L, b.rankingOffsets[q + 1] - b.rankingOffsets[q]);
    I = std::max<int64_t>(I, b.idealOffsets[q + 1] - b.idealOffsets[q]);
    L = std::max(L, I);
    int64_t pairs = 0;
    for (uint32_t i = b.rankingOffsets[q]; i < b.rankingOffsets[q + 1]; i++) {
      const int32_t row = b.ranking[i];
      if (row >= 0) pairs += b.rows[row + 1] - b.rows[row];
    }
    P = std::max(P, pairs);
  }
  int64_t depth = 0;
  for (int64_t g = 0; g < b.groupCount; g++) depth = std::max<int64_t>(depth, static_cast<int64_t>(b.sumGroups[4 * g + 2]));
  return {A, L, I, P, depth};
}

/**
 * Every query of a checked batch (see checkDiversity), every measure: measure m of query q goes
 * to out[m * Q + q]. A query whose ideal candidates are the one before's reuses its ideal sums.
 */
inline void diversityQueries(const DiversityBatch& b, DiversityScratch& s, double* out) {
  const auto [A, L, I, P, depth] = diversitySizes(b);
  s.reserve(A, L, I, P, b.groupCount, depth);
  s.rows = b.rows;
  s.subtopics = b.subtopics;
  bool kept = false;
  for (int64_t q = 0; q < b.queries; q++) kept = diversityQuery(s, b, q, b.queries, depth, kept, out);
}

}  // namespace tie_eval
