#pragma once
#include <algorithm>
#include <cstdint>
#include "codes.hpp"

namespace tie_eval {

/**
 * Sorts order[from..to) so that position a ranks before position b: score descending, then
 * the tie mode's key (labels descending: optimistic; labels ascending: pessimistic
 * and sd, see labelOrder; trec keys ascending; none: input and average), then the position. A
 * strict total order, so every sort gives the same ordering as the reference's.
 */
template <typename L>
void sortPositions(const double* scores, const L* labels, const int32_t* tieKeys, int64_t start, int mode, int32_t* order, int from, int to) {
  std::sort(order + from, order + to, [=](int32_t a, int32_t b) {
    const double sa = scores[start + a];
    const double sb = scores[start + b];
    if (sa != sb) return sa > sb;
    double key = 0;
    if (mode == OPTIMISTIC) key = static_cast<double>(labels[start + b]) - static_cast<double>(labels[start + a]);
    // the keys' difference as doubles: exact, where an int32 subtraction could overflow
    else if (mode == TREC) key = static_cast<double>(tieKeys[start + a]) - static_cast<double>(tieKeys[start + b]);
    else if (mode == PESSIMISTIC || mode == SD) key = static_cast<double>(labels[start + a]) - static_cast<double>(labels[start + b]);
    return key != 0 ? key < 0 : a < b;
  });
}

}  // namespace tie_eval
