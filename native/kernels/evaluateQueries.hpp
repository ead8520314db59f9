#pragma once
#include <cstdint>
#include "codes.hpp"
#include "evaluateQuery.hpp"
#include "gradeGains.hpp"
#include "plan.hpp"
#include "prepareQueries.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * Queries [first, last) of a batch of `queries`, every measure: measure `row` of query q goes
 * to out[row * queries + q] (a range, so that threads can share a batch).
 * `constants` come from prepareQueries; `tieKeys` (trec mode only, else nullptr) from trecTieKeys.
 * Writes [code, query, position] to `status` and returns the code.
 */
template <typename L>
int evaluateQueries(const double* scores, const L* labels, const uint32_t* offsets, int64_t queries, int64_t first, int64_t last, const int32_t* tieKeys, int mode, const Plan& plan, const double* constants, Scratch& s, double* out, int32_t* status) {
  clearGradeGains(plan, s);
  for (int64_t q = first; q < last; q++) {
    const int64_t start = offsets[q];
    const int code = evaluateQuery(scores, labels, tieKeys, start, static_cast<int>(offsets[q + 1] - start), mode, plan, constants, q * plan.constantsPerQuery(), s, out, q, queries);
    if (code != STATUS_OK) return report(status, code, q, s.badPosition);
  }
  return report(status, STATUS_OK, -1, -1);
}

}  // namespace tie_eval
