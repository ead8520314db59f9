#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include "largestDescending.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * The first position of the ranking whose judged label (>= 0) the ideal labels lack, repeats
 * counted (a multiset inclusion: the ideal ranking must be one of the judgements, or nDCG could
 * exceed 1), or -1 when they hold every one. Labels are integers (checked before); labels are
 * of type L, ideal labels of type I (each uint8_t, int32_t or double).
 * Labels of an integer type whose judged ideal labels are all below COUNTED_LEVELS (the usual
 * grades) are counted by value, without the span pass (WebAssembly converts doubles to indexes
 * slowly). Other ideal labels spanning few values (of a double type, or with a grade of COUNTED_LEVELS or more) are counted per value in
 * `counts` (on the stack): O(n + m). Others are sorted descending into `s.idealTop` (room for m), and
 * each ranking label takes the first copy of its value left,
 * found by binary search and marked taken as value + 0.5, which keeps the list descending:
 * O((n + m) log m). The marks are undone before returning.
 */
template <typename L, typename I>
int missingFromIdeal(const L* labels, int64_t start, int n, const I* ideal, int64_t idealStart, int m, Scratch& s) {
  // integer labels of 0 .. COUNTED_LEVELS - 1 (the usual grades): counted by value in one pass
  if constexpr (std::is_integral<I>::value && std::is_integral<L>::value) {
    int counts[COUNTED_LEVELS] = {};
    bool small = true;
    for (int i = 0; i < m; i++) {
      const int v = static_cast<int>(ideal[idealStart + i]);
      if (v >= 0 && v < COUNTED_LEVELS) counts[v]++;
      else if (v >= 0) small = false;
    }
    if (small) {
      for (int i = 0; i < n; i++) {
        const int v = static_cast<int>(labels[start + i]);
        if (v < 0) continue;
        if (v >= COUNTED_LEVELS) return i;
        const int left = counts[v] - 1;
        if (left < 0) return i;
        counts[v] = left;
      }
      return -1;
    }
  }
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < m; i++) {
    const double v = static_cast<double>(ideal[idealStart + i]);
    if (v < 0) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // no judged ideal label: the first judged label of the ranking is lacking
  if (lo > hi) {
    for (int i = 0; i < n; i++) if (static_cast<double>(labels[start + i]) >= 0) return i;
    return -1;
  }
  if (hi - lo < COUNTED_LEVELS) {
    int counts[COUNTED_LEVELS];
    for (int v = 0; v <= static_cast<int>(hi - lo); v++) counts[v] = 0;
    for (int i = 0; i < m; i++) {
      const double v = static_cast<double>(ideal[idealStart + i]);
      if (v >= 0) counts[static_cast<int>(v - lo)]++;
    }
    for (int i = 0; i < n; i++) {
      const double v = static_cast<double>(labels[start + i]);
      if (v < 0) continue;
      if (v < lo || v > hi || --counts[static_cast<int>(v - lo)] < 0) return i;
    }
    return -1;
  }
  s.ensureIdeal(m);
  double* top = s.idealTop.data();
  largestDescending(ideal + idealStart, m, m, top);
  int judged = 0;
  while (judged < m && top[judged] >= 0) judged++;
  int missing = -1;
  for (int i = 0; i < n && missing < 0; i++) {
    const double v = static_cast<double>(labels[start + i]);
    if (v < 0) continue;
    // the first place in top[0..judged) holding at most v
    int a = 0;
    int b = judged;
    while (a < b) {
      const int mid = static_cast<int>(static_cast<unsigned>(a + b) >> 1);
      if (top[mid] > v) a = mid + 1;
      else b = mid;
    }
    if (a == judged || top[a] != v) missing = i;
    else top[a] = v + 0.5;
  }
  for (int i = 0; i < judged; i++) top[i] = std::floor(top[i]);
  return missing;
}

}  // namespace tie_eval
