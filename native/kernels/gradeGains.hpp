#pragma once
#include <vector>
#include "gain.hpp"
#include "inlineKernel.hpp"
#include "largestDescending.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * Empties s.gradeGains, the gain of each grade 0..COUNTED_LEVELS-1 in each gain column, at the
 * start of each call (evaluateQueries): labelGain fills it as far as the grades the call meets.
 * Filled whole, exp's 64 powers took a fifth of a one-query call; most judgements are grades
 * 0-4, and a table read per document costs less than gainOf's decoding of the column.
 */
inline void clearGradeGains(const Plan& plan, Scratch& s) {
  s.gradeGains.resize(static_cast<size_t>(COUNTED_LEVELS) * plan.gains());
  s.gradesFilled = 0;
}

/** Fills s.gradeGains's grades s.gradesFilled..through in every gain column (out of line: the documents' loop only tests). */
TIE_EVAL_NOINLINE inline void fillGradeGains(int through, const Plan& plan, Scratch& s) {
  for (int c = 0; c < plan.gains(); c++) {
    for (int v = s.gradesFilled; v <= through; v++) s.gradeGains[c * COUNTED_LEVELS + v] = gainOf(v, plan, c);
  }
  s.gradesFilled = through + 1;
}

/** gainOf of a document's label (an integer: step 0 checked it): a grade's from s.gradeGains (filled to it first), others computed. */
inline double labelGain(double label, const Plan& plan, int c, Scratch& s) {
  if (label >= 0 && label < static_cast<double>(s.gradesFilled)) return s.gradeGains[c * COUNTED_LEVELS + static_cast<int>(label)];
  if (!(label >= 0 && label < COUNTED_LEVELS)) return gainOf(label, plan, c);
  fillGradeGains(static_cast<int>(label), plan, s);
  return s.gradeGains[c * COUNTED_LEVELS + static_cast<int>(label)];
}

}  // namespace tie_eval
