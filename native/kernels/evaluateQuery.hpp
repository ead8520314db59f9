#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include "averagePrecision.hpp"
#include "bpref.hpp"
#include "buildGroups.hpp"
#include "codes.hpp"
#include "countGroups.hpp"
#include "dcg.hpp"
#include "f1.hpp"
#include "firstNaN.hpp"
#include "orderQuery.hpp"
#include "plan.hpp"
#include "precision.hpp"
#include "rbp.hpp"
#include "recall.hpp"
#include "reciprocalRank.hpp"
#include "rprec.hpp"
#include "scratch.hpp"
#include "success.hpp"

namespace tie_eval {

/**
 * One query, every measure of the plan, one ordering: checks the scores, orders the query
 * (step 1), builds its group table down to the deepest position a measure reads (step 2;
 * countGroups does both at once for a small query in average mode) and runs each measure
 * kernel over it, writing measure `row`'s value to out[row * queries + q].
 * `constants[at..]` are the query's constants from prepareQuery.
 * Returns a status code; on failure `s.badPosition` is the offending position.
 */
template <typename L>
int evaluateQuery(const double* scores, const L* labels, const int32_t* tieKeys, int64_t start, int n, int mode, const Plan& plan, const double* constants, int64_t at, Scratch& s, double* out, int64_t q, int64_t queries) {
  const int count = plan.measures();
  // the deepest position any measure reads: its cut-off, R (DEPTH_RELEVANT), else the whole ranking
  double depth = 0;
  for (int row = 0; row < count; row++) {
    const double cutoff = plan.rowField(row, ROW_CUTOFF);
    const double need = plan.rowField(row, ROW_DEPTH) == DEPTH_RELEVANT ? constants[at + static_cast<int>(plan.rowField(row, ROW_THRESHOLD))] : cutoff > 0 ? cutoff : n;
    depth = std::max(depth, need);
  }
  depth = std::min(depth, static_cast<double>(n));
  // -M: the positions past maxRank are cut (in average mode, past the tie group crossing it)
  const bool cut = plan.maxRank() > 0 && plan.maxRank() < n;
  if (cut) depth = std::min(depth, plan.maxRank());
  s.ensure(n, plan.levels(), plan.gains());
  // NaN scores: checked here for countGroups; orderQuery checks them itself (its selection finds
  // them in a pass it makes anyway)
  if (mode == AVERAGE && n <= SELECT_ABOVE) {
    s.badPosition = firstNaN(scores, start, n);
    if (s.badPosition >= 0) return STATUS_SCORE_NAN;
    countGroups(scores, labels, start, n, static_cast<int>(depth), plan, s);
  } else {
    const int held = orderQuery(scores, labels, tieKeys, start, n, static_cast<int>(depth), mode, s);
    if (held < 0) return STATUS_SCORE_NAN;
    buildGroups(scores, labels, start, n, held, static_cast<int>(depth), mode != AVERAGE, plan, s);
  }
  // a cut ranking ends with the group reaching maxRank (read only by measures that read it all)
  if (cut && depth == plan.maxRank()) s.n = s.groupEnd[s.groupCount - 1];
  for (int row = 0; row < count; row++) {
    const int kind = static_cast<int>(plan.rowField(row, ROW_KIND));
    const double cutoff = plan.rowField(row, ROW_CUTOFF);
    const int col = static_cast<int>(plan.rowField(row, ROW_THRESHOLD));
    const double relevant = constants[at + col];
    double value = 0;
    switch (kind) {
      case KIND_P:
        value = precision(s, col, cutoff);
        break;
      case KIND_R:
        value = recall(s, col, cutoff, relevant);
        break;
      case KIND_F1:
        value = f1(s, col, cutoff, relevant);
        break;
      case KIND_AP:
        value = averagePrecision(s, col, cutoff, static_cast<int>(plan.rowField(row, ROW_PARAM)), relevant);
        break;
      case KIND_RR:
        value = reciprocalRank(s, col, cutoff);
        break;
      case KIND_DCG:
        value = dcg(s, static_cast<int>(plan.rowField(row, ROW_GAIN)), cutoff);
        break;
      case KIND_NDCG:
        value = ndcg(s, static_cast<int>(plan.rowField(row, ROW_GAIN)), cutoff, constants[at + static_cast<int64_t>(plan.rowField(row, ROW_IDEAL))]);
        break;
      case KIND_RBP:
        value = rbp(s, col, cutoff, plan.rowField(row, ROW_PARAM));
        break;
      case KIND_RPREC:
        value = rprec(s, col, relevant);
        break;
      case KIND_BPREF:
        value = bpref(s, col, relevant, constants[at + plan.judgedSlot()]);
        break;
      case KIND_SUCCESS:
        value = success(s, col, cutoff);
        break;
    }
    out[row * queries + q] = value;
  }
  return STATUS_OK;
}

}  // namespace tie_eval
