// The diversity kernel's arguments, copied and checked before it reads them (as
// src/backends/checkDiversity.ts checks them for the js and wasm backends): every index array
// is copied first, since another thread may write a caller's array (on a SharedArrayBuffer)
// after it was checked; the kernel reads the copies.
#pragma once
#include <napi.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "checkArgs.hpp"
#include "kernels/codes.hpp"
#include "kernels/diversityBatch.hpp"
#include "typedInfo.hpp"

namespace tie_eval {

/** The most sum groups x depth a batch may ask (2^27: the sums' scratch, 6 doubles each, stays below 8 GiB). */
constexpr double MOST_SUMS = 134217728;

/** The copies the kernel reads, and the batch of pointers into them. */
struct DiversityCopies {
  std::vector<uint32_t> rows, rankingOffsets, groupOffsets, idealOffsets;
  std::vector<int32_t> subtopics, subtopicCounts, ranking, groupEnds, ideal;
  std::vector<double> sumGroups, measures, discounts;

  DiversityBatch batch(double maxRank) const {
    DiversityBatch b;
    b.rows = rows.data();
    b.subtopics = subtopics.data();
    b.subtopicCounts = subtopicCounts.data();
    b.queries = static_cast<int64_t>(subtopicCounts.size());
    b.rankingOffsets = rankingOffsets.data();
    b.ranking = ranking.data();
    b.groupOffsets = groupOffsets.data();
    b.groupEnds = groupEnds.data();
    b.idealOffsets = idealOffsets.data();
    b.ideal = ideal.data();
    b.maxRank = static_cast<int64_t>(maxRank);
    b.sumGroups = sumGroups.data();
    b.groupCount = static_cast<int64_t>(sumGroups.size() / 4);
    b.measures = measures.data();
    b.measureCount = static_cast<int64_t>(measures.size() / 3);
    b.discounts = discounts.data();
    return b;
  }
};

/** Offsets (`v`, copied in `o`) cutting `length` values into `count` parts (see checkOffsets): count + 1 of them. */
inline std::string checkParts(const Napi::Value& v, const std::vector<uint32_t>& o, size_t count, size_t length, const char* what) {
  const std::string error = checkOffsets(v, o, length, what);
  if (!error.empty() || o.size() == count + 1) return error;
  return std::string(what) + " must hold " + std::to_string(count + 1) + " offsets, one per query and one";
}

/**
 * diversity(rows, subtopics, subtopicCounts, rankingOffsets, ranking, groupOffsets, groupEnds,
 * idealOffsets, ideal, maxRank, sumGroups, measures, discounts, out)'s arguments: their types,
 * then (on the copies) the offsets; every row a query reads (a ranking position's, -1 allowed, or
 * an ideal candidate's) in range, its subtopics ascending and below the query's A (at most the
 * subtopics listed), and ranked once in the query; tie groups' ends rising to the ranking's
 * length; each sum group's alpha and beta in [0, 1], its depth at most the discounts', each group
 * serving a measure, groups x depth below 2^27; each measure's code, cut-off and group; out's
 * length.
 */
inline Problem checkDiversity(const Napi::CallbackInfo& info, DiversityCopies& c) {
  if (info.Length() != 14) return {"diversity takes 14 arguments", true};
  const napi_typedarray_type types[] = {napi_uint32_array, napi_int32_array, napi_int32_array, napi_uint32_array, napi_int32_array, napi_uint32_array, napi_int32_array, napi_uint32_array, napi_int32_array, napi_float64_array, napi_float64_array, napi_float64_array, napi_float64_array, napi_float64_array};
  for (int i = 0; i < 14; i++) {
    if (i == 9) {
      if (!info[9].IsNumber()) return {"maxRank must be a number", true};
      continue;
    }
    if (!isTyped(info[i], types[i])) return {"diversity: argument " + std::to_string(i) + " is not a typed array of its type", true};
  }
  c.rows = copyTyped<uint32_t>(info[0], napi_uint32_array);
  c.subtopics = copyTyped<int32_t>(info[1], napi_int32_array);
  c.subtopicCounts = copyTyped<int32_t>(info[2], napi_int32_array);
  c.rankingOffsets = copyTyped<uint32_t>(info[3], napi_uint32_array);
  c.ranking = copyTyped<int32_t>(info[4], napi_int32_array);
  c.groupOffsets = copyTyped<uint32_t>(info[5], napi_uint32_array);
  c.groupEnds = copyTyped<int32_t>(info[6], napi_int32_array);
  c.idealOffsets = copyTyped<uint32_t>(info[7], napi_uint32_array);
  c.ideal = copyTyped<int32_t>(info[8], napi_int32_array);
  c.sumGroups = copyTyped<double>(info[10], napi_float64_array);
  c.measures = copyTyped<double>(info[11], napi_float64_array);
  c.discounts = copyTyped<double>(info[12], napi_float64_array);
  const size_t queries = c.subtopicCounts.size();
  std::string error = checkOffsets(info[0], c.rows, c.subtopics.size(), "rows");
  if (error.empty()) error = checkParts(info[3], c.rankingOffsets, queries, c.ranking.size(), "rankingOffsets");
  if (error.empty()) error = checkParts(info[5], c.groupOffsets, queries, c.groupEnds.size(), "groupOffsets");
  if (error.empty()) error = checkParts(info[7], c.idealOffsets, queries, c.ideal.size(), "idealOffsets");
  if (!error.empty()) return {error, false};
  const size_t rowCount = c.rows.size() - 1;
  const double maxRank = info[9].As<Napi::Number>().DoubleValue();
  if (!inRange(maxRank, 0, 0x7fffffff)) return {"maxRank must be an integer >= 0", false};
  if (c.sumGroups.size() % 4 != 0) return {"sumGroups must hold 4 numbers per group", false};
  const size_t groups = c.sumGroups.size() / 4;
  for (size_t g = 0; g < groups; g++) {
    const double alpha = c.sumGroups[4 * g], beta = c.sumGroups[4 * g + 1], depth = c.sumGroups[4 * g + 2], nrbp = c.sumGroups[4 * g + 3];
    if (!(alpha >= 0 && alpha <= 1 && beta >= 0 && beta <= 1 && inRange(depth, 1, static_cast<double>(c.discounts.size())) && (nrbp == 0 || nrbp == 1))) return {"sum group " + std::to_string(g) + " is not valid (alpha and beta in [0, 1], depth 1 to the discounts' length, NRBP 0 or 1)", false};
  }
  if (c.measures.size() % 3 != 0) return {"measures must hold 3 numbers per measure", false};
  const size_t measures = c.measures.size() / 3;
  // the sums' scratch is groups x 6 x depth doubles: each group serves a measure, and their product stays below 2^27
  double depth = 0;
  for (size_t g = 0; g < groups; g++) depth = std::max(depth, c.sumGroups[4 * g + 2]);
  if (groups > measures || groups * depth > MOST_SUMS) return {std::to_string(groups) + " sum groups of depth " + std::to_string(static_cast<int64_t>(depth)) + " are more than the measures (" + std::to_string(measures) + ") or " + std::to_string(static_cast<int64_t>(MOST_SUMS)) + " ranks in all", false};
  for (size_t m = 0; m < measures; m++) {
    const double code = c.measures[3 * m], cutoff = c.measures[3 * m + 1], g = c.measures[3 * m + 2];
    const bool plain = code == DIVERSITY_MAP_IA || code == DIVERSITY_P_IA || code == DIVERSITY_STREC;
    const bool hasCutoff = code != DIVERSITY_MAP_IA && code != DIVERSITY_NRBP && code != DIVERSITY_NNRBP;
    const bool ok = inRange(code, 0, DIVERSITY_STREC) && (hasCutoff ? inRange(cutoff, 1, 0x7fffffff) : cutoff == 0) &&
                    (plain ? g == 0 : inRange(g, 0, static_cast<double>(groups) - 1) && (!hasCutoff || cutoff <= c.sumGroups[4 * static_cast<size_t>(g) + 2]) && (hasCutoff || c.sumGroups[4 * static_cast<size_t>(g) + 3] == 1));
    if (!ok) return {"measure " + std::to_string(m) + " is not valid (its code, cut-off or sum group)", false};
  }
  if (lengthOf(info[13]) != measures * queries) return {"out must be a Float64Array of measures x queries values", true};
  const auto rowOk = [&](int64_t row, int32_t A) {
    if (row < 0 || row >= static_cast<int64_t>(rowCount)) return false;
    for (uint32_t k = c.rows[row]; k < c.rows[row + 1]; k++) {
      if (c.subtopics[k] < 0 || c.subtopics[k] >= A || (k > c.rows[row] && c.subtopics[k] <= c.subtopics[k - 1])) return false;
    }
    return true;
  };
  // which query last ranked each row: a document is ranked once (the scratch holds one ranking's pairs)
  std::vector<int64_t> rankedIn(rowCount, -1);
  for (size_t q = 0; q < queries; q++) {
    const int32_t A = c.subtopicCounts[q];
    // each of a query's A subtopics has a relevant document: A is at most the subtopics listed (and so is the scratch)
    if (A < 0 || static_cast<size_t>(A) > c.subtopics.size()) return {"query " + std::to_string(q) + ": subtopicCounts is negative or more than the subtopics listed", false};
    const uint32_t first = c.rankingOffsets[q];
    const int64_t length = c.rankingOffsets[q + 1] - first;
    for (uint32_t i = first; i < c.rankingOffsets[q + 1]; i++) {
      const int32_t row = c.ranking[i];
      if (row == -1) continue;
      if (!rowOk(row, A)) return {"query " + std::to_string(q) + ", position " + std::to_string(i - first) + ": its row is out of range or its subtopics are not ascending below the query's count", false};
      if (rankedIn[row] == static_cast<int64_t>(q)) return {"query " + std::to_string(q) + ", position " + std::to_string(i - first) + ": row " + std::to_string(row) + " is ranked twice", false};
      rankedIn[row] = static_cast<int64_t>(q);
    }
    for (uint32_t i = c.idealOffsets[q]; i < c.idealOffsets[q + 1]; i++) {
      if (!rowOk(c.ideal[i], A)) return {"query " + std::to_string(q) + ": an ideal row is out of range or its subtopics are not ascending below the query's count", false};
    }
    int64_t end = 0;
    for (uint32_t g = c.groupOffsets[q]; g < c.groupOffsets[q + 1]; g++) {
      if (!(c.groupEnds[g] > end && c.groupEnds[g] <= length)) return {"query " + std::to_string(q) + ": its tie groups' ends must rise to its ranking's length", false};
      end = c.groupEnds[g];
    }
    if (end != length) return {"query " + std::to_string(q) + ": its tie groups' ends must rise to its ranking's length", false};
  }
  return {};
}

}  // namespace tie_eval
