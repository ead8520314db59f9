// The packed plan (src/measures/plan.ts): a header of four counts (measures M, levels T, gain
// columns G, constants per query C), then T levels, G gain codes, G gain levels, and M rows
// of ROW_SIZE fields. Every number is a double. checkPlan (addon.cc) validates it first.
#pragma once

namespace tie_eval {

enum Row { ROW_KIND = 0, ROW_CUTOFF, ROW_THRESHOLD, ROW_GAIN, ROW_PARAM, ROW_IDEAL, ROW_SIZE };

struct Plan {
  const double* packed;

  int measures() const { return static_cast<int>(packed[0]); }
  int levels() const { return static_cast<int>(packed[1]); }
  int gains() const { return static_cast<int>(packed[2]); }
  int constantsPerQuery() const { return static_cast<int>(packed[3]); }
  double threshold(int t) const { return packed[4 + t]; }
  int gainType(int c) const { return static_cast<int>(packed[4 + levels() + c]); }
  double gainRel(int c) const { return packed[4 + levels() + gains() + c]; }
  /** Field `field` of measure row `row`. */
  double rowField(int row, int field) const { return packed[4 + levels() + 2 * gains() + row * ROW_SIZE + field]; }
  /** Index of the judged count in a query's constants. */
  int judgedSlot() const { return levels(); }
};

}  // namespace tie_eval
