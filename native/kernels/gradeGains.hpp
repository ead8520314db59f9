#pragma once
#include <vector>
#include "gain.hpp"
#include "largestDescending.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * Fills s.gradeGains with the gain of each grade 0..COUNTED_LEVELS-1 in each gain column, once
 * per call (evaluateQueries): the documents' labels are mostly such grades, and a table read per
 * document costs less than gainOf's decoding of the column (or exp's power).
 */
inline void fillGradeGains(const Plan& plan, Scratch& s) {
  s.gradeGains.resize(static_cast<size_t>(COUNTED_LEVELS) * plan.gains());
  for (int c = 0; c < plan.gains(); c++) {
    for (int v = 0; v < COUNTED_LEVELS; v++) s.gradeGains[c * COUNTED_LEVELS + v] = gainOf(v, plan, c);
  }
}

/** gainOf of a document's label (an integer: step 0 checked it): a grade's from s.gradeGains, others computed. */
inline double labelGain(double label, const Plan& plan, int c, const Scratch& s) {
  return label >= 0 && label < COUNTED_LEVELS ? s.gradeGains[c * COUNTED_LEVELS + static_cast<int>(label)] : gainOf(label, plan, c);
}

}  // namespace tie_eval
