#pragma once
#include <algorithm>
#include "expectedRelevant.hpp"
#include "inlineKernel.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * The relevant documents retrieved at relevance column `col`: order-independent, the same in
 * every tie mode (the group table must reach the whole ranking).
 */
inline double relevantRetrieved(const Scratch& s, int col) {
  double sum = 0;
  for (int g = 0; g < s.groupCount; g++) sum += s.groupRel[g * s.levels + col];
  return sum;
}

/** The judged documents retrieved (label >= 0). */
inline double judgedRetrieved(const Scratch& s) {
  double sum = 0;
  for (int g = 0; g < s.groupCount; g++) sum += s.groupJudged[g];
  return sum;
}

/**
 * NumRet: the documents retrieved, or with `rel` >= 1 the relevant ones (NumRelRet); with a
 * cut-off k, those in the top k (ranx's hits@k: the relevant ones expected there).
 */
TIE_EVAL_INLINE double numRet(const Scratch& s, int col, double rel, double cutoff) {
  if (cutoff > 0) return rel > 0 ? expectedRelevant(s, col, cutoff) : std::min(cutoff, static_cast<double>(s.n));
  return rel > 0 ? relevantRetrieved(s, col) : s.n;
}

/** num_nonrel_judged_ret: the judged documents retrieved that are not relevant. */
TIE_EVAL_INLINE double numNonRelRet(const Scratch& s, int col) { return judgedRetrieved(s) - relevantRetrieved(s, col); }

}  // namespace tie_eval
