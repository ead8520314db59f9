#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include "codes.hpp"
#include "gain.hpp"
#include "inlineKernel.hpp"
#include "plan.hpp"
#include "scratch.hpp"
#include "gradeCounts.hpp"
#include "largestDescending.hpp"
#include "missingFromIdeal.hpp"

namespace tie_eval {

inline bool isInteger(double x) { return std::isfinite(x) && std::trunc(x) == x; }

/**
 * How many of labels[start..start+n) are at least `level`: one level per pass, the count an
 * integer in a register (a count kept in memory waits on its own last store at every label, a
 * double count on its last addition).
 * Labels of an integer type are compared with ceil(level) in their own type: no conversion per
 * label, and in C++ a compare the compiler vectorizes (a full ranking has thousands of labels);
 * no label reaches a level past the type's range. Kept out of line (see TIE_EVAL_NOINLINE).
 */
template <typename L>
TIE_EVAL_NOINLINE int countAtLeast(const L* labels, int64_t start, int n, double level) {
  int count = 0;
  if constexpr (std::is_integral<L>::value) {
    const double cut = std::ceil(level);
    if (cut > static_cast<double>(std::numeric_limits<L>::max())) return 0;
    const L least = static_cast<L>(std::max(cut, static_cast<double>(std::numeric_limits<L>::lowest())));
    for (int i = 0; i < n; i++) count += labels[start + i] >= least ? 1 : 0;
  } else {
    for (int i = 0; i < n; i++) count += static_cast<double>(labels[start + i]) >= level ? 1 : 0;
  }
  return count;
}

/** The ideal labels an ideal DCG with this cut-off reads (0: no cut-off, all m of them). */
inline int idealDepth(double cutoff, int m) { return cutoff > 0 ? static_cast<int>(std::min<double>(cutoff, m)) : m; }

/**
 * The positive gains of the ideal labels (sorted descending) in gain column `col`, as levels:
 * writes gain, count pairs to `levels`, gain descending, equal gains merged, and returns how
 * many; -1 when there are more than IDEAL_LEVELS_MAX.
 */
inline int idealLevels(const double* top, int m, const Plan& plan, int col, double* levels) {
  int count = 0;
  for (int i = 0; i < m;) {
    const double label = top[i];
    double run = 0;
    for (; i < m && top[i] == label; i++) run++;
    const double gain = gainOf(label, plan, col);
    if (!(gain > 0)) continue;
    // insert by gain descending (few levels), or add to an equal one
    int at = 0;
    while (at < count && levels[2 * at] > gain) at++;
    if (at < count && levels[2 * at] == gain) {
      levels[2 * at + 1] = levels[2 * at + 1] + run;
      continue;
    }
    if (count == IDEAL_LEVELS_MAX) return -1;
    for (int j = count; j > at; j--) {
      levels[2 * j] = levels[2 * j - 2];
      levels[2 * j + 1] = levels[2 * j - 1];
    }
    levels[2 * at] = gain;
    levels[2 * at + 1] = run;
    count++;
  }
  return count;
}

/** The DCG of gain levels (gain, count pairs, descending) down to rank `cutoff` (0: all of them). */
inline double levelsDcg(const double* levels, int count, double cutoff, const double* discount) {
  double sum = 0;
  int j = 0;
  for (int l = 0; l < count; l++) {
    for (double c = 0; c < levels[2 * l + 1]; c++) {
      if (cutoff > 0 && j >= cutoff) return sum;
      j++;
      sum += levels[2 * l] * discount[j];
    }
  }
  return sum;
}

/** How many of the ideal labels, largest first, a measure's constant reads: the largest one, all of them (gain levels), or its cut-off's. */
inline int constantDepth(int constant, const Plan& plan, int row, int m) {
  if (constant == CONSTANT_MAX_LABEL) return std::min(1, m);
  if (constant == CONSTANT_IDEAL_LEVELS || plan.gainType(plan.rowInt(row, ROW_GAIN)) == GAIN_TABLE) return m;
  return idealDepth(plan.rowField(row, ROW_CUTOFF), m);
}

/** Whether a label of type L needs the integer check (integer types are integers). */
template <typename L>
constexpr bool mayBeFractional() { return std::is_floating_point<L>::value; }

/**
 * Step 0, the judgements (nothing here depends on scores): checks the query's labels and
 * writes its constants at `constants[at..]`: R at each relevance level, the judged count J,
 * and each measure's own (see the CONSTANT_ codes): the ideal DCG of an nDCG (ideal labels
 * sorted by gain descending; without a cut-off all of them count, as in trec_eval's ndcg), the
 * largest judged label for graded RBP, the ideal gain levels for G, ndcg_rel and Rndcg.
 * `relevant` (R given by the caller, NaN when not) replaces the counted R; it must be a
 * count no smaller than the relevant documents of the ranking or of the ideal labels.
 * Returns a status code; on failure `s.badPosition` is the offending position or -1.
 */
template <typename L, typename I>
int prepareQuery(const L* labels, int64_t start, int n, const I* ideal, int64_t idealStart, int m, double relevant, const Plan& plan, Scratch& s, double* constants, int64_t at) {
  const int levels = plan.levels();
  const int judged = plan.judgedSlot();
  s.badPosition = -1;
  // the ranking's labels: integers
  for (int i = 0; i < n; i++) {
    if (mayBeFractional<L>() && !isInteger(static_cast<double>(labels[start + i]))) {
      s.badPosition = i;
      return STATUS_LABEL_NOT_INTEGER;
    }
  }
  // the ideal labels: integers holding every judged label of the ranking; R (per level) and J
  // are their counts. When they are the ranking's own labels (no ideal labels given, the usual
  // case), they were checked just above
  const bool own = std::is_same<L, I>::value && static_cast<const void*>(ideal + idealStart) == static_cast<const void*>(labels + start) && m == n;
  for (int i = 0; i < m && !own; i++) {
    if (mayBeFractional<I>() && !isInteger(static_cast<double>(ideal[idealStart + i]))) {
      s.badPosition = i;
      return STATUS_IDEAL_LABEL_NOT_INTEGER;
    }
  }
  // each measure's own constants (most measure sets have none): from the ideal labels in
  // descending order, listed once as deep as the deepest one reads
  int deepest = 0;
  for (int row = 0; row < plan.measures(); row++) {
    const int constant = plan.rowInt(row, ROW_CONSTANT) < 0 ? CONSTANT_NONE : MEASURE_RULES[plan.rowInt(row, ROW_KIND)].constant;
    if (constant != CONSTANT_NONE) deepest = std::max(deepest, constantDepth(constant, plan, row, m));
  }
  // labels of integer types that are the usual grades: counted by grade once (gradeCounts), R,
  // J, the multiset check and the largest ideal labels from the counts; else a pass for each,
  // as when only R and J are needed (a compare per label, which vectorizes, pays then)
  int* counts = s.levelCounts;
  int span = -1;
  if constexpr (std::is_integral<L>::value && std::is_integral<I>::value) {
    if (!own || deepest > 0) span = gradeCounts(ideal + idealStart, m, counts);
  }
  if (span >= 0) {
    constants[at + judged] = m - counts[COUNTED_LEVELS];
    for (int t = 0; t < levels; t++) constants[at + t] = gradesAtLeast(counts, span, plan.threshold(t));
    s.badPosition = own ? -1 : missingFromGrades(labels, start, n, counts, span);
  } else {
    constants[at + judged] = countAtLeast(ideal, idealStart, m, 0);
    for (int t = 0; t < levels; t++) constants[at + t] = countAtLeast(ideal, idealStart, m, plan.threshold(t));
    s.badPosition = own ? -1 : missingFromIdeal(labels, start, n, ideal, idealStart, m, s);
  }
  if (s.badPosition >= 0) return STATUS_IDEAL_LACKS_LABEL;
  if (!std::isnan(relevant)) {
    if (!isInteger(relevant) || relevant < 0) return STATUS_RELEVANT_NOT_COUNT;
    if (relevant < constants[at]) return STATUS_RELEVANT_TOO_SMALL;
    constants[at] = relevant;
  }
  if (deepest == 0 && m > 0) return STATUS_OK;
  s.ensureIdeal(m);
  double* top = s.idealTop.data();
  // the grades list the judged ideal labels; deeper, the unjudged ones' values are needed
  if (deepest > 0 && span >= 0 && deepest <= m - counts[COUNTED_LEVELS]) countedDescending(counts, 0, span, deepest, top);
  else if (deepest > 0) largestDescending(ideal + idealStart, m, deepest, top);
  int runningCol = -1;
  int summed = 0;
  for (int row = 0; row < plan.measures(); row++) {
    const int64_t slot = at + plan.rowInt(row, ROW_CONSTANT);
    const int constant = plan.rowInt(row, ROW_CONSTANT) < 0 ? CONSTANT_NONE : MEASURE_RULES[plan.rowInt(row, ROW_KIND)].constant;
    if (constant == CONSTANT_NONE) continue;
    const int col = plan.rowInt(row, ROW_GAIN);
    if (constant == CONSTANT_MAX_LABEL) {
      // the largest judged label (0 without one): graded RBP's gains are the labels over it
      constants[slot] = m > 0 ? std::max(0.0, top[0]) : 0;
    } else if (constant == CONSTANT_IDEAL_LEVELS || plan.gainType(col) == GAIN_TABLE) {
      // the positive ideal gains as levels (a table's gains need not follow the labels' order)
      double* levels = s.gainLevels.data();
      const int count = idealLevels(top, m, plan, col, levels);
      if (count < 0) return STATUS_TOO_MANY_GAIN_LEVELS;
      if (constant == CONSTANT_IDEAL_LEVELS) {
        constants[slot] = count;
        for (int i = 0; i < 2 * count; i++) constants[slot + 1 + i] = levels[i];
      } else {
        constants[slot] = levelsDcg(levels, count, plan.rowField(row, ROW_CUTOFF), s.discount.data());
      }
    } else {
      // the ideal DCG through each rank, summed once per gain column for all its cut-offs
      const int last = idealDepth(plan.rowField(row, ROW_CUTOFF), m);
      double* running = s.idealRunning.data();
      if (runningCol != col) {
        runningCol = col;
        summed = 0;
      }
      // the labels come in runs of equal values: a gain per run, not per rank; the sum in a local
      // (a store to `running` could alias the discounts, which would keep the sum in memory)
      double label = std::numeric_limits<double>::quiet_NaN();
      double gain = 0;
      double sum = running[summed];
      const double* discount = s.discount.data();
      for (; summed < last; summed++) {
        if (top[summed] != label) {
          label = top[summed];
          gain = gainOf(label, plan, col);
        }
        sum = sum + gain * discount[summed + 1];
        running[summed + 1] = sum;
      }
      constants[slot] = running[last];
    }
  }
  return STATUS_OK;
}

}  // namespace tie_eval
