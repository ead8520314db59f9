// A batch of queries for the diversity measures, as the reference's DiversityBatch
// (src/backends/backend.ts): plain pointers into the caller's arrays, checked by the addon
// (checkDiversity.hpp) before a kernel reads them.
#pragma once
#include <cstdint>

namespace tie_eval {

struct DiversityBatch {
  /** rows + 1 offsets into subtopics, and each row's subtopics */
  const uint32_t* rows = nullptr;
  const int32_t* subtopics = nullptr;
  /** A per query, and how many queries */
  const int32_t* subtopicCounts = nullptr;
  int64_t queries = 0;
  /** Q + 1 offsets into ranking, and each query's ranking: a row per position, -1 for a document not judged */
  const uint32_t* rankingOffsets = nullptr;
  const int32_t* ranking = nullptr;
  /** Q + 1 offsets into groupEnds, and each query's tie groups' ends */
  const uint32_t* groupOffsets = nullptr;
  const int32_t* groupEnds = nullptr;
  /** Q + 1 offsets into ideal, and each query's ideal candidates' rows */
  const uint32_t* idealOffsets = nullptr;
  const int32_t* ideal = nullptr;
  /** no position from this one on counts (0: none) */
  int64_t maxRank = 0;
  /** per sum group: alpha, beta, depth, with NRBP; and how many */
  const double* sumGroups = nullptr;
  int64_t groupCount = 0;
  /** per measure: code, cut-off, sum group; and how many */
  const double* measures = nullptr;
  int64_t measureCount = 0;
  /** ln 2 / ln(i + 2) per rank i */
  const double* discounts = nullptr;
};

}  // namespace tie_eval
