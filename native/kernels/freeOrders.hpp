#pragma once
#include <array>
#include <vector>

namespace tie_eval {

/**
 * A group of r relevant and w = n - r other documents with r (w + 1) at most this many is
 * counted exactly (see countBelow in iprec): its C(n, r) orders stay below 2^53 (at most C(44, 22)).
 */
constexpr int COUNT_CELLS = 512;

/** The table of freeOrders: where row j starts (row j holds e = 0 .. COUNT_CELLS / (j + 1) - 1), then C(e + j, j) by Pascal's rule, in additions of whole numbers below 2^53: exact. */
struct FreeOrdersTable {
  std::array<int, COUNT_CELLS + 1> start{};
  std::vector<double> table;
  FreeOrdersTable() {
    for (int j = 0; j < COUNT_CELLS; j++) start[j + 1] = start[j] + COUNT_CELLS / (j + 1);
    table.resize(start[COUNT_CELLS]);
    for (int j = 0; j < COUNT_CELLS; j++) {
      for (int e = 0; start[j] + e < start[j + 1]; e++) table[start[j] + e] = j == 0 || e == 0 ? 1 : table[start[j] + e - 1] + table[start[j - 1] + e];
    }
  }
};

/**
 * Row j of C(e + j, j), the non-decreasing sequences of j whole numbers in [0, e], at [e] for
 * (j + 1)(e + 1) <= COUNT_CELLS (a counted group's free candidates above its first, j = f - 1,
 * e <= w).
 */
inline const double* freeOrdersRow(int j) {
  static const FreeOrdersTable orders;  // made once, at the first call (thread-safe)
  return orders.table.data() + orders.start[j];
}

/** C(a, b), exact, from the table: for 0 <= b <= a with (b + 1)(a - b + 1) <= COUNT_CELLS (every a <= 43). */
inline double binomial(double a, double b) { return freeOrdersRow(static_cast<int>(b))[static_cast<int>(a - b)]; }

}  // namespace tie_eval
