#pragma once
#include <cmath>
#include <cstdint>
#include "codes.hpp"
#include "plan.hpp"
#include "prepareQuery.hpp"
#include "scratch.hpp"

namespace tie_eval {

/** Writes a kernel status: the code, and the query and position of bad input (else -1). */
inline int report(int32_t* status, int code, int64_t query, int64_t position) {
  status[0] = code;
  status[1] = static_cast<int32_t>(query);
  status[2] = static_cast<int32_t>(position);
  return code;
}

/**
 * Step 0 for queries [first, last) of a batch: each query's constants (R per level, J, ideal
 * DCGs) into constants[q * C ..]. `relevant` is the caller's R per query, or nullptr.
 * Writes [code, query, position] to `status` and returns the code.
 */
template <typename L, typename I>
int prepareQueries(const L* labels, const uint32_t* offsets, int64_t first, int64_t last, const I* ideal, const uint32_t* idealOffsets, const double* relevant, const Plan& plan, Scratch& s, double* constants, int32_t* status) {
  s.ensure(0, plan.levels(), plan.gains());
  for (int64_t q = first; q < last; q++) {
    const int code = prepareQuery(
        labels, offsets[q], static_cast<int>(offsets[q + 1] - offsets[q]), ideal, idealOffsets[q], static_cast<int>(idealOffsets[q + 1] - idealOffsets[q]),
        relevant == nullptr ? NAN : relevant[q], plan, s, constants, q * plan.constantsPerQuery());
    if (code != STATUS_OK) return report(status, code, q, s.badPosition);
  }
  return report(status, STATUS_OK, -1, -1);
}

}  // namespace tie_eval
