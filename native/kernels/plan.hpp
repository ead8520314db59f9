// The packed plan (src/measures/plan.ts): a header (measures M, levels T, gain columns G,
// constants per query C, maxRank), then T levels, G gain codes, G gain levels, and M rows
// of ROW_SIZE fields (codes.hpp names them). Every number is a double. checkPlan (addon.cc) validates it first.
// Plan decodes the header once: its int fields and pointers cannot alias the doubles the
// kernels store, so the compiler keeps them in registers in the hot loops.
#pragma once
#include "codes.hpp"

namespace tie_eval {

struct Plan {
  int measureCount;
  int levelCount;
  int gainCount;
  int constantCount;
  double maxRankValue;
  const double* thresholds;
  const double* gainTypes;
  const double* gainRels;
  const double* rows;

  explicit Plan(const double* packed)
      : measureCount(static_cast<int>(packed[HEADER_MEASURES])),
        levelCount(static_cast<int>(packed[HEADER_LEVELS])),
        gainCount(static_cast<int>(packed[HEADER_GAINS])),
        constantCount(static_cast<int>(packed[HEADER_CONSTANTS])),
        maxRankValue(packed[HEADER_MAX_RANK]),
        thresholds(packed + HEADER_SIZE),
        gainTypes(thresholds + levelCount),
        gainRels(gainTypes + gainCount),
        rows(gainRels + gainCount) {}

  int measures() const { return measureCount; }
  int levels() const { return levelCount; }
  int gains() const { return gainCount; }
  int constantsPerQuery() const { return constantCount; }
  /** -M: positions past it are cut after ordering (0: none). */
  double maxRank() const { return maxRankValue; }
  double threshold(int t) const { return thresholds[t]; }
  int gainType(int c) const { return static_cast<int>(gainTypes[c]); }
  double gainRel(int c) const { return gainRels[c]; }
  /** Field `field` of measure row `row`. */
  double rowField(int row, int field) const { return rows[row * ROW_SIZE + field]; }
  /** Index of the judged count in a query's constants. */
  int judgedSlot() const { return levelCount; }
};

}  // namespace tie_eval
