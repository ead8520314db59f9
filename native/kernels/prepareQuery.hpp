#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include "codes.hpp"
#include "gain.hpp"
#include "plan.hpp"
#include "scratch.hpp"
#include "largestDescending.hpp"

namespace tie_eval {

inline bool isInteger(double x) { return std::isfinite(x) && std::trunc(x) == x; }

/**
 * How many of labels[start..start+n) are at least `level`: one level per pass, the count an
 * integer in a register (a count kept in memory waits on its own last store at every label, a
 * double count on its last addition).
 * Labels of an integer type are compared with ceil(level) in their own type: no conversion per
 * label, and in C++ a compare the compiler vectorizes (a full ranking has thousands of labels);
 * no label reaches a level past the type's range.
 */
template <typename L>
int countAtLeast(const L* labels, int64_t start, int n, double level) {
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

/** The ideal labels an nDCG with this cut-off reads (0: no cut-off, all m of them). */
inline int idealDepth(double cutoff, int m) { return cutoff > 0 ? static_cast<int>(std::min<double>(cutoff, m)) : m; }

/** Whether a label of type L needs the integer check (integer types are integers). */
template <typename L>
constexpr bool mayBeFractional() { return std::is_floating_point<L>::value; }

/**
 * Step 0, the judgements (nothing here depends on scores): checks the query's labels and
 * writes its constants at `constants[at..]`: R at each relevance level, the judged count J,
 * and the ideal DCG of every nDCG measure (ideal labels sorted descending; without a cut-off
 * all of them count, as in trec_eval's ndcg).
 * `relevant` (R given by the caller, NaN when not) replaces the counted R; it must be a
 * count no smaller than the relevant documents of the ranking or of the ideal labels.
 * Returns a status code; on failure `s.badPosition` is the offending position or -1.
 */
template <typename L, typename I>
int prepareQuery(const L* labels, int64_t start, int n, const I* ideal, int64_t idealStart, int m, double relevant, const Plan& plan, Scratch& s, double* constants, int64_t at) {
  const int levels = plan.levels();
  const int judged = plan.judgedSlot();
  double* counts = s.counts.data();
  s.badPosition = -1;
  // the ranking's labels: integers; count the relevant (per level) and the judged ones
  for (int i = 0; i < n; i++) {
    if (mayBeFractional<L>() && !isInteger(static_cast<double>(labels[start + i]))) {
      s.badPosition = i;
      return STATUS_LABEL_NOT_INTEGER;
    }
  }
  counts[judged] = countAtLeast(labels, start, n, 0);
  for (int t = 0; t < levels; t++) counts[t] = countAtLeast(labels, start, n, plan.threshold(t));
  // the ideal labels: integers; R and J are their counts, which must cover the ranking's.
  // When they are the ranking's own labels (no ideal labels given, the usual case), they were
  // checked and counted just above
  if (std::is_same<L, I>::value && static_cast<const void*>(ideal + idealStart) == static_cast<const void*>(labels + start) && m == n) {
    for (int t = 0; t <= levels; t++) constants[at + t] = counts[t];
  } else {
    for (int i = 0; i < m; i++) {
      if (mayBeFractional<I>() && !isInteger(static_cast<double>(ideal[idealStart + i]))) {
        s.badPosition = i;
        return STATUS_IDEAL_LABEL_NOT_INTEGER;
      }
    }
    constants[at + judged] = countAtLeast(ideal, idealStart, m, 0);
    for (int t = 0; t < levels; t++) constants[at + t] = countAtLeast(ideal, idealStart, m, plan.threshold(t));
    for (int t = 0; t <= levels; t++) if (constants[at + t] < counts[t]) return STATUS_IDEAL_MISSING_LABELS;
  }
  if (!std::isnan(relevant)) {
    if (!isInteger(relevant) || relevant < 0) return STATUS_RELEVANT_NOT_COUNT;
    if (relevant < constants[at]) return STATUS_RELEVANT_TOO_SMALL;
    constants[at] = relevant;
  }
  // the ideal DCG of each measure with an ideal slot (nDCG): gains of the labels in descending order, listed once
  // (most measure sets have no nDCG) as deep as the deepest one reads
  int deepest = 0;
  for (int row = 0; row < plan.measures(); row++) {
    if (plan.rowField(row, ROW_IDEAL) >= 0) deepest = std::max(deepest, idealDepth(plan.rowField(row, ROW_CUTOFF), m));
  }
  if (deepest == 0) return STATUS_OK;
  s.ensureIdeal(m);
  double* top = s.idealTop.data();
  largestDescending(ideal + idealStart, m, deepest, top);
  for (int row = 0; row < plan.measures(); row++) {
    if (plan.rowField(row, ROW_IDEAL) < 0) continue;
    const int col = static_cast<int>(plan.rowField(row, ROW_GAIN));
    const int last = idealDepth(plan.rowField(row, ROW_CUTOFF), m);
    double sum = 0;
    for (int j = 1; j <= last; j++) sum += gainOf(top[j - 1], plan.gainType(col), plan.gainRel(col)) * s.discount[j];
    constants[at + static_cast<int64_t>(plan.rowField(row, ROW_IDEAL))] = sum;
  }
  return STATUS_OK;
}

}  // namespace tie_eval
