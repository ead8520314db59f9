#pragma once
#include <utility>
#include "scratch.hpp"

namespace tie_eval {

/**
 * The judged view of a query's group table: the ranking without its unjudged documents
 * (label < 0), for judged_only measures and for -J after -M. Unjudged documents count nowhere but
 * in the group sizes, so the view only changes the group ends (cumulative judged counts; a group
 * without a judged document becomes empty) and the ranking's length. Fills s.judgedEnd and
 * s.judgedN from the group table.
 */
inline void judgedEnds(Scratch& s) {
  double sum = 0;
  for (int g = 0; g < s.groupCount; g++) {
    sum += s.groupJudged[g];
    s.judgedEnd[g] = static_cast<int32_t>(sum);
  }
  s.judgedN = static_cast<int>(sum);
}

/** Swaps the group ends and the ranking's length with the judged view's (and back): s.judgedView says which is in place. */
inline void swapView(Scratch& s) {
  std::swap(s.groupEnd, s.judgedEnd);
  std::swap(s.n, s.judgedN);
  s.judgedView = !s.judgedView;
}

}  // namespace tie_eval
