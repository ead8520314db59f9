#pragma once
#include <cmath>
#include <cstdint>
#include "catalog.hpp"
#include "plan.hpp"
#include "prepareQuery.hpp"
#include "scratch.hpp"

namespace tie_eval {

/** What a kernel reports: the code, and the query and position of bad input (else -1). */
struct KernelStatus {
  int code;
  int64_t query;
  int64_t position;
};

/**
 * Step 0 for a batch: every query's constants (R per level, J, ideal DCGs) into
 * constants[q * C ..]. `relevant` is the caller's R per query, or nullptr.
 */
template <typename L, typename I>
KernelStatus prepareQueries(const L* labels, const uint32_t* offsets, int64_t queries, const I* ideal, const uint32_t* idealOffsets, const double* relevant, const Plan& plan, Scratch& s, double* constants) {
  s.ensure(0, plan.levels(), plan.gains());
  for (int64_t q = 0; q < queries; q++) {
    const int code = prepareQuery(
        labels, offsets[q], static_cast<int>(offsets[q + 1] - offsets[q]), ideal, idealOffsets[q], static_cast<int>(idealOffsets[q + 1] - idealOffsets[q]),
        relevant == nullptr ? NAN : relevant[q], plan, s, constants, q * plan.constantsPerQuery());
    if (code != STATUS_OK) return {code, q, s.badPosition};
  }
  return {STATUS_OK, -1, -1};
}

}  // namespace tie_eval
