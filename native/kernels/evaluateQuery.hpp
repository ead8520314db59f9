#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include "averagePrecision.hpp"
#include "averagePrecisionSpread.hpp"
#include "binG.hpp"
#include "bpref.hpp"
#include "buildGroups.hpp"
#include "codes.hpp"
#include "countGroups.hpp"
#include "countSpread.hpp"
#include "counts.hpp"
#include "firstRelevantSpread.hpp"
#include "gapSpread.hpp"
#include "linearSpread.hpp"
#include "dcg.hpp"
#include "err.hpp"
#include "f1.hpp"
#include "firstNaN.hpp"
#include "g.hpp"
#include "infAP.hpp"
#include "insq.hpp"
#include "iprec.hpp"
#include "iprecMean.hpp"
#include "judged.hpp"
#include "judgedView.hpp"
#include "ndcgRel.hpp"
#include "orderQuery.hpp"
#include "plan.hpp"
#include "precision.hpp"
#include "rbp.hpp"
#include "recall.hpp"
#include "reciprocalRank.hpp"
#include "rndcg.hpp"
#include "rndcgSpread.hpp"
#include "rprec.hpp"
#include "scratch.hpp"
#include "setMeasures.hpp"
#include "success.hpp"

namespace tie_eval {

/** A row's sd where the measure has no closed form for it (see the switch): the glue estimates it. */
constexpr double NO_SPREAD = -1;

/**
 * One query, every measure of the plan, one ordering (or, in sd mode, the spread over them): checks the scores, orders the query
 * (step 1), builds its group table down to the deepest position a measure reads (step 2;
 * countGroups does both at once for a small query in average mode), cuts it at maxRank and,
 * for -J after -M (PLAN_FLAG_JUDGED_ONLY), takes its judged view, and runs each measure kernel
 * over it (a judged_only measure over the judged view), writing measure `row`'s value to
 * out[row * queries + q]. In trec and input modes sums run in rank order, as trec_eval's do.
 * `constants[at..]` are the query's constants from prepareQuery.
 * Returns a status code; on failure `s.badPosition` is the offending position.
 */
template <typename L>
int evaluateQuery(const double* scores, const L* labels, const int32_t* tieKeys, int64_t start, int n, int mode, const Plan& plan, const double* constants, int64_t at, Scratch& s, double* out, int64_t q, int64_t queries) {
  const int count = plan.measures();
  const bool judgedOnly = (plan.flags() & PLAN_FLAG_JUDGED_ONLY) != 0;
  // the deepest position any measure reads: the whole ranking (see Plan::readsAll), else its
  // cut-off or its rank of R (DEPTH_RELEVANT)
  double depth = plan.readsAll() ? n : 0;
  if (!plan.readsAll()) {
    for (int row = 0; row < count; row++) {
      const double need = plan.rowInt(row, ROW_DEPTH) == DEPTH_RELEVANT ? rprecDepth(plan.rowField(row, ROW_PARAM), constants[at + plan.rowInt(row, ROW_THRESHOLD)]) : plan.rowField(row, ROW_CUTOFF);
      depth = std::max(depth, need);
    }
  }
  depth = std::min(depth, static_cast<double>(n));
  // -M: the positions past maxRank are cut (in average mode, past the tie group crossing it:
  // the glue cuts that group, src/estimate/maxRankCut.ts)
  const bool cut = plan.maxRank() > 0 && plan.maxRank() < n;
  if (cut) depth = std::min(depth, plan.maxRank());
  s.ensure(n, plan.levels(), plan.gains());
  // NaN scores: checked here for countGroups; orderQuery checks them itself (its selection finds
  // them in a pass it makes anyway)
  if (mode == AVERAGE && n <= SELECT_ABOVE && (plan.flags() & PLAN_FLAG_NEEDS_ORDER) == 0) {
    s.badPosition = firstNaN(scores, start, n);
    if (s.badPosition >= 0) return STATUS_SCORE_NAN;
    countGroups(scores, labels, start, n, static_cast<int>(depth), plan, s);
  } else {
    // in average mode a plan that needs the order (its sums could follow it) is ordered as in sd
    // mode: by label inside a group
    const bool byLabel = mode == AVERAGE && (plan.flags() & PLAN_FLAG_NEEDS_ORDER) != 0;
    const int held = orderQuery(scores, labels, tieKeys, start, n, static_cast<int>(depth), byLabel ? SD : mode, s);
    if (held < 0) return STATUS_SCORE_NAN;
    buildGroups(scores, labels, start, n, held, static_cast<int>(depth), mode != AVERAGE && mode != SD, plan, s);
  }
  // a cut ranking ends with the group reaching maxRank (read only by measures that read it all)
  if (cut && depth == plan.maxRank()) s.n = s.groupEnd[s.groupCount - 1];
  s.judgedView = false;
  s.iprecCached = 0;
  s.iprecBestCol = -1;
  s.dcgSum.key = -1;
  s.apSum.key = -1;
  if (plan.views()) judgedEnds(s);
  if (judgedOnly) swapView(s);
  const bool plain = mode == TREC || mode == INPUT;
  const bool sd = mode == SD;
  for (int row = 0; row < count; row++) {
    const int kind = plan.rowInt(row, ROW_KIND);
    const double cutoff = plan.rowField(row, ROW_CUTOFF);
    const int col = plan.rowInt(row, ROW_THRESHOLD);
    const int gain = plan.rowInt(row, ROW_GAIN);
    const double param = plan.rowField(row, ROW_PARAM);
    const int64_t slot = at + plan.rowInt(row, ROW_CONSTANT);
    const int extra = plan.rowInt(row, ROW_EXTRA);
    const double relevant = constants[at + col];
    const bool own = !judgedOnly && (plan.rowInt(row, ROW_FLAGS) & ROW_FLAG_JUDGED_ONLY) != 0;
    if (own) swapView(s);
    double value = 0;
    // one dispatch: each measure's value, or in sd mode (its kinds past KIND_COUNT) its spread over
    // the orderings, from the same group table as average's mean (0 where the order does not
    // matter; NO_SPREAD where there is no closed form: the glue estimates it)
    switch (sd ? kind + KIND_COUNT : kind) {
      case KIND_P:
        value = precision(s, col, cutoff, param, relevant);
        break;
      case KIND_R:
        value = recall(s, col, cutoff, relevant);
        break;
      case KIND_F1:
        value = f1(s, col, cutoff, relevant);
        break;
      case KIND_AP:
        value = averagePrecision(s, col, cutoff, static_cast<int>(param), relevant, plain);
        break;
      case KIND_RR:
        value = reciprocalRank(s, col, cutoff);
        break;
      case KIND_DCG:
        value = dcg(s, gain, cutoff, plain);
        break;
      case KIND_NDCG:
        value = ndcg(s, gain, cutoff, constants[slot], plain);
        break;
      case KIND_IDEAL_DCG:
        value = constants[slot];
        break;
      case KIND_RBP:
        value = rbp(s, col, gain, cutoff, param, slot >= at ? std::max(1.0, constants[slot]) : 1, plain);
        break;
      case KIND_RBP_RESID:
        value = rbpResid(s, param, plain);
        break;
      case KIND_SDCG:
        value = sdcg(s, gain, cutoff, plain);
        break;
      case KIND_INSQ:
        value = insq(s, gain, param, plain);
        break;
      case KIND_RPREC:
        value = rprec(s, col, relevant, param);
        break;
      case KIND_BPREF:
        value = bpref(s, col, relevant, constants[at + plan.judgedSlot()], plain);
        break;
      case KIND_SUCCESS:
        value = success(s, col, cutoff);
        break;
      case KIND_ERR:
        value = err(s, col, cutoff, param, plain);
        break;
      case KIND_IPREC:
        value = iprec(s, plan, col, relevant, param, mode);
        break;
      case KIND_IPREC_MEAN:
        value = iprecMean(s, plan, col, relevant, extra, plan.rowInt(row, ROW_EXTRA_COUNT), mode);
        break;
      case KIND_INFAP:
        value = infAP(s, col, gain, relevant, plain);
        break;
      case KIND_BING:
        value = binG(s, col, relevant, plain);
        break;
      case KIND_G:
        value = g(s, labels, start, plan, gain, constants, slot, s.judgedView ? s.judgedEnd.data() : s.groupEnd.data(), s.judgedView, plain);
        break;
      case KIND_NDCG_REL:
        value = ndcgRel(s, gain, constants, slot, plain);
        break;
      case KIND_RNDCG:
        value = rndcg(s, gain, relevant, constants, slot, plain);
        break;
      case KIND_JUDGED:
        value = judged(s, gain, cutoff);
        break;
      case KIND_UNJ:
        value = unjudged(s, cutoff);
        break;
      case KIND_NUM_Q:
        value = 1;
        break;
      case KIND_NUM_RET:
        value = numRet(s, col, param, cutoff);
        break;
      case KIND_NUM_REL:
        value = relevant;
        break;
      case KIND_NUM_NONREL_RET:
        value = numNonRelRet(s, col);
        break;
      case KIND_SET_P:
        value = setP(s, col, relevant, param);
        break;
      case KIND_SET_R:
        value = setR(s, col, relevant);
        break;
      case KIND_SET_F:
        value = setF(s, col, relevant, param);
        break;
      case KIND_SET_AP:
        value = setAP(s, col, relevant);
        break;
      case KIND_UTILITY:
        value = utility(s, col, relevant, plan, extra);
        break;
      case KIND_P + KIND_COUNT:
        if (param > 0) {
          value = relevant > 0 ? relevantSpread(s, col, cutoff) / std::min(cutoff, relevant) : 0;
          break;
        }
        value = relevantSpread(s, col, cutoff) / cutoff;
        break;
      case KIND_R + KIND_COUNT:
        value = relevant > 0 ? relevantSpread(s, col, cutoff) / relevant : 0;
        break;
      case KIND_F1 + KIND_COUNT:
        value = (2 * relevantSpread(s, col, cutoff)) / (cutoff + relevant);
        break;
      case KIND_RPREC + KIND_COUNT: {
        const double c = rprecDepth(param, relevant);
        value = c > 0 ? relevantSpread(s, col, c) / c : 0;
        break;
      }
      case KIND_NUM_RET + KIND_COUNT:
        value = cutoff > 0 && param > 0 ? relevantSpread(s, col, cutoff) : 0;
        break;
      case KIND_JUDGED + KIND_COUNT: {
        const double k = std::min<double>(cutoff > 0 ? cutoff : s.n, s.n);
        value = k > 0 ? heldSpread(s, gain, k) / k : 0;
        break;
      }
      case KIND_UNJ + KIND_COUNT:
        value = heldSpread(s, -1, cutoff) / cutoff;
        break;
      case KIND_AP + KIND_COUNT:
        value = averagePrecisionSpread(s, col, cutoff, static_cast<int>(param), relevant);
        break;
      case KIND_RR + KIND_COUNT:
        value = reciprocalRankSpread(s, col, cutoff);
        break;
      case KIND_SUCCESS + KIND_COUNT:
        value = successSpread(s, col, cutoff);
        break;
      case KIND_DCG + KIND_COUNT:
        value = linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : s.n);
        break;
      case KIND_NDCG + KIND_COUNT:
        value = constants[slot] > 0 ? linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : s.n) / constants[slot] : 0;
        break;
      case KIND_SDCG + KIND_COUNT: {
        const double k = std::min(cutoff, static_cast<double>(CWL_DEPTH));
        value = linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, k) / sdcgOnes(s, k);
        break;
      }
      case KIND_INSQ + KIND_COUNT:
        value = linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_INSQ, param, std::min(static_cast<double>(s.n), static_cast<double>(CWL_DEPTH))) / insqTotal(s, param);
        break;
      case KIND_RBP + KIND_COUNT:
        value = (1 - param) * linearSpread(s, labels, start, plan, col, gain, slot >= at ? std::max(1.0, constants[slot]) : 1, WEIGHTS_PERSISTENCE, param, cutoff > 0 ? cutoff : s.n);
        break;
      case KIND_RBP_RESID + KIND_COUNT:
        value = (1 - param) * linearSpread(s, labels, start, plan, col, -2, 1, WEIGHTS_PERSISTENCE, param, s.n);
        break;
      case KIND_RNDCG + KIND_COUNT:
        value = rndcgSpread(s, labels, start, plan, gain, relevant, constants, slot);
        break;
      case KIND_BPREF + KIND_COUNT:
        value = bprefSpread(s, col, relevant, constants[at + plan.judgedSlot()]);
        break;
      case KIND_BING + KIND_COUNT:
        value = binGSpread(s, col, relevant);
        break;
      case KIND_IDEAL_DCG + KIND_COUNT:
      case KIND_NUM_Q + KIND_COUNT:
      case KIND_NUM_REL + KIND_COUNT:
      case KIND_NUM_NONREL_RET + KIND_COUNT:
      case KIND_SET_P + KIND_COUNT:
      case KIND_SET_R + KIND_COUNT:
      case KIND_SET_F + KIND_COUNT:
      case KIND_SET_AP + KIND_COUNT:
      case KIND_UTILITY + KIND_COUNT:
        value = 0;
        break;
      // no closed form: the glue estimates it (listed, or sampled)
      case KIND_ERR + KIND_COUNT:
      case KIND_IPREC + KIND_COUNT:
      case KIND_IPREC_MEAN + KIND_COUNT:
      case KIND_INFAP + KIND_COUNT:
      case KIND_G + KIND_COUNT:
      case KIND_NDCG_REL + KIND_COUNT:
        value = NO_SPREAD;
        break;
    }
    if (own) swapView(s);
    // interpolated precision's and G's -1: their exact average is past its budget (IPREC_STEPS_MAX
    // steps, G_STATES_MAX states, G_WORK_MAX): NaN, for the glue to estimate (or refuse, with exact)
    if (value < 0 && (sd || kind == KIND_IPREC || kind == KIND_IPREC_MEAN || kind == KIND_G)) {
      out[row * queries + q] = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    // trec mode's interpolated precision of an empty ranking is trec_eval's NaN (see iprec); else
    // only gains beyond a double's range (labels of 1024 or more with gain=exp) make a value
    // NaN or infinite: an error naming the measure, not a silent NaN in a mean
    if (!std::isfinite(value) && !(std::isnan(value) && mode == TREC && (kind == KIND_IPREC || kind == KIND_IPREC_MEAN))) {
      s.badPosition = row;
      return STATUS_VALUE_NOT_FINITE;
    }
    out[row * queries + q] = value;
  }
  return STATUS_OK;
}

}  // namespace tie_eval
