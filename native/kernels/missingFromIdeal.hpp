#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include "largestDescending.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * The first position of the ranking whose judged label (>= 0) the ideal labels counted by
 * gradeCounts (counts[0..span)) lack, repeats counted, or -1 when they hold every one: each
 * judged label takes one of its grade's, from a copy of the counts in counts[COUNTED_LEVELS + 1 ..].
 * Labels are integers of type L.
 */
template <typename L>
int missingFromGrades(const L* labels, int64_t start, int n, int* counts, int span) {
  int* left = counts + COUNTED_LEVELS + 1;
  for (int v = 0; v < span; v++) left[v] = counts[v];
  for (int i = 0; i < n; i++) {
    const int v = static_cast<int>(labels[start + i]);
    if (v < 0) continue;
    if (v >= span) return i;
    const int rest = left[v] - 1;
    if (rest < 0) return i;
    left[v] = rest;
  }
  return -1;
}

/**
 * The first position of the ranking whose judged label (>= 0) the ideal labels lack, repeats
 * counted (a multiset inclusion: the ideal ranking must be one of the judgements, or nDCG could
 * exceed 1), or -1 when they hold every one. Labels are integers (checked before); labels are
 * of type L, ideal labels of type I (each uint8_t, int32_t or double). Integer grades below
 * COUNTED_LEVELS, the usual judgements, are checked by missingFromGrades instead.
 * Ideal labels spanning few values are counted per value in `counts` (on the stack): O(n + m).
 * Others are sorted descending into `s.idealTop` (room for m), and each ranking label takes the
 * first copy of its value left, found by binary search and marked taken as value + 0.5, which
 * keeps the list descending: O((n + m) log m). The marks are undone before returning.
 */
template <typename L, typename I>
int missingFromIdeal(const L* labels, int64_t start, int n, const I* ideal, int64_t idealStart, int m, Scratch& s) {
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
