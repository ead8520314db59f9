#pragma once
#include <algorithm>
#include <cstdint>
#include "codes.hpp"
#include "averagePrecisionSpread.hpp"
#include "countSpread.hpp"
#include "firstRelevantSpread.hpp"
#include "gapSpread.hpp"
#include "dcg.hpp"
#include "insq.hpp"
#include "linearSpread.hpp"
#include "plan.hpp"
#include "rndcgSpread.hpp"
#include "rprec.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * The `sd` mode's value of a measure row (its fields as evaluateQuery reads them) over the query's group table: the standard
 * deviation of the measure over the orderings of its tie groups (uniform, independent), or -1
 * for a measure without an exact one (the glue refuses those first). Measures that do not depend
 * on the order (the set measures, counts, R, the ideal DCG) have 0. `constants[at..]` are the
 * query's constants (`slot`: the row's own), `relevant` R at the row's level. Labels are of type L (uint8_t, int32_t or double).
 */
template <typename L>
double spreadOf(Scratch& s, const L* labels, int64_t start, const Plan& plan, int kind, double cutoff, int col, int gain, double param, int64_t slot, const double* constants, int64_t at, double relevant) {
  switch (kind) {
    case KIND_P:
      if (param > 0) return relevant > 0 ? relevantSpread(s, col, cutoff) / std::min(cutoff, relevant) : 0;
      return relevantSpread(s, col, cutoff) / cutoff;
    case KIND_R:
      return relevant > 0 ? relevantSpread(s, col, cutoff) / relevant : 0;
    case KIND_F1:
      return (2 * relevantSpread(s, col, cutoff)) / (cutoff + relevant);
    case KIND_RPREC: {
      const double c = rprecDepth(param, relevant);
      return c > 0 ? relevantSpread(s, col, c) / c : 0;
    }
    case KIND_NUM_RET:
      return cutoff > 0 && param > 0 ? relevantSpread(s, col, cutoff) : 0;
    case KIND_JUDGED: {
      const double k = std::min<double>(cutoff > 0 ? cutoff : s.n, s.n);
      return k > 0 ? heldSpread(s, gain, k) / k : 0;
    }
    case KIND_UNJ:
      return heldSpread(s, -1, cutoff) / cutoff;
    case KIND_AP:
      return averagePrecisionSpread(s, col, cutoff, static_cast<int>(param), relevant);
    case KIND_RR:
      return reciprocalRankSpread(s, col, cutoff);
    case KIND_SUCCESS:
      return successSpread(s, col, cutoff);
    case KIND_DCG:
      return linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : s.n);
    case KIND_NDCG:
      return constants[slot] > 0 ? linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, cutoff > 0 ? cutoff : s.n) / constants[slot] : 0;
    case KIND_SDCG: {
      const double k = std::min(cutoff, static_cast<double>(CWL_DEPTH));
      return linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_DISCOUNT, 0, k) / sdcgOnes(s, k);
    }
    case KIND_INSQ:
      return linearSpread(s, labels, start, plan, col, gain, 1, WEIGHTS_INSQ, param, std::min(static_cast<double>(s.n), static_cast<double>(CWL_DEPTH))) / insqTotal(s, param);
    case KIND_RBP:
      return (1 - param) * linearSpread(s, labels, start, plan, col, gain, slot >= at ? std::max(1.0, constants[slot]) : 1, WEIGHTS_PERSISTENCE, param, cutoff > 0 ? cutoff : s.n);
    case KIND_RBP_RESID:
      return (1 - param) * linearSpread(s, labels, start, plan, col, -2, 1, WEIGHTS_PERSISTENCE, param, s.n);
    case KIND_RNDCG:
      return rndcgSpread(s, labels, start, plan, gain, relevant, constants, slot);
    case KIND_BPREF:
      return bprefSpread(s, col, relevant, constants[at + plan.judgedSlot()]);
    case KIND_BING:
      return binGSpread(s, col, relevant);
    case KIND_IDEAL_DCG:
    case KIND_NUM_Q:
    case KIND_NUM_REL:
    case KIND_NUM_NONREL_RET:
    case KIND_SET_P:
    case KIND_SET_R:
    case KIND_SET_F:
    case KIND_SET_AP:
    case KIND_UTILITY:
      return 0;
    default:
      return -1;
  }
}

}  // namespace tie_eval
