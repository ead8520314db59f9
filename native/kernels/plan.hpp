// The packed plan (src/measures/plan.ts): a header (measures M, levels T, gain columns G,
// constants per query C, maxRank, flags, pool size P), then T levels, GAIN_SIZE fields per gain
// column, ROW_SIZE fields per measure row, and P pool numbers (codes.hpp names the fields).
// Every number is a double. checkPlan (checkArgs.hpp) validates it first.
// Plan decodes the header once: its int fields and pointers cannot alias the doubles the
// kernels store, so the compiler keeps them in registers in the hot loops.
#pragma once
#include <cmath>
#include <vector>
#include "codes.hpp"

namespace tie_eval {

struct Plan {
  int measureCount;
  int levelCount;
  int gainCount;
  int constantCount;
  double maxRankValue;
  int flagBits;
  int poolCount;
  const double* thresholds;
  const double* gainFields;
  const double* rows;
  const double* poolValues;
  bool readsAllRanks = false;
  bool viewsJudged = false;
  /** the rows' fields as ints, converted once (the kernels read several per row and query) */
  std::vector<int> rowInts;

  explicit Plan(const double* packed)
      : measureCount(static_cast<int>(packed[HEADER_MEASURES])),
        levelCount(static_cast<int>(packed[HEADER_LEVELS])),
        gainCount(static_cast<int>(packed[HEADER_GAINS])),
        constantCount(static_cast<int>(packed[HEADER_CONSTANTS])),
        maxRankValue(packed[HEADER_MAX_RANK]),
        flagBits(static_cast<int>(packed[HEADER_FLAGS])),
        poolCount(static_cast<int>(packed[HEADER_POOL])),
        thresholds(packed + HEADER_SIZE),
        gainFields(thresholds + levelCount),
        rows(gainFields + GAIN_SIZE * gainCount),
        poolValues(rows + ROW_SIZE * measureCount) {
    // once per plan, not per query: what evaluateQuery's depth needs of the rows. checkPlan makes
    // a Plan to check the rows, so they are compared as doubles here (no cast of a bad value)
    viewsJudged = (flagBits & PLAN_FLAG_JUDGED_ONLY) != 0;
    for (int row = 0; row < measureCount; row++) viewsJudged = viewsJudged || rowField(row, ROW_FLAGS) == ROW_FLAG_JUDGED_ONLY;
    // a field out of an int's range (a bad plan, which checkPlan refuses) is not converted
    rowInts.resize(static_cast<size_t>(ROW_SIZE) * (measureCount > 0 ? measureCount : 0));
    for (size_t i = 0; i < rowInts.size(); i++) rowInts[i] = std::fabs(rows[i]) < 2147483647.0 ? static_cast<int>(rows[i]) : 0;
    readsAllRanks = viewsJudged;
    for (int row = 0; row < measureCount; row++) readsAllRanks = readsAllRanks || (rowField(row, ROW_DEPTH) != DEPTH_RELEVANT && !(rowField(row, ROW_CUTOFF) > 0));
  }

  int measures() const { return measureCount; }
  int levels() const { return levelCount; }
  int gains() const { return gainCount; }
  int constantsPerQuery() const { return constantCount; }
  /** -M: positions past it are cut after ordering (0: none). */
  double maxRank() const { return maxRankValue; }
  /** PLAN_FLAG_ bits. */
  int flags() const { return flagBits; }
  /** Whether a measure reads the judged view: -J after -M, or a judged_only row. */
  bool views() const { return viewsJudged; }
  /**
   * Whether a measure reads the whole ranking whatever R: one of the judged view (its ranks lie
   * anywhere), or one without a cut-off other than R-precision's (DEPTH_RELEVANT).
   */
  bool readsAll() const { return readsAllRanks; }
  int poolSize() const { return poolCount; }
  double threshold(int t) const { return thresholds[t]; }
  /** Field `field` (a GAIN_FIELD_ index) of gain column `c`. */
  double gainField(int c, int field) const { return gainFields[c * GAIN_SIZE + field]; }
  int gainType(int c) const { return static_cast<int>(gainField(c, GAIN_FIELD_TYPE)); }
  double gainRel(int c) const { return gainField(c, GAIN_FIELD_REL); }
  int gainTransform(int c) const { return static_cast<int>(gainField(c, GAIN_FIELD_TRANSFORM)); }
  /** Field `field` of measure row `row`. */
  double rowField(int row, int field) const { return rows[row * ROW_SIZE + field]; }
  int rowInt(int row, int field) const { return rowInts[row * ROW_SIZE + field]; }
  /** Number `i` of the pool (gain tables, recall levels, utility's coefficients). */
  double pool(int i) const { return poolValues[i]; }
  /** Index of the judged count in a query's constants. */
  int judgedSlot() const { return levelCount; }
};

}  // namespace tie_eval
