#pragma once
#include <algorithm>
#include <cstdint>
#include "diversityScratch.hpp"

namespace tie_eval {

/** The tail's bound: a law is carried only up to the x where q^x falls below it. */
constexpr double LAW_TAIL = 0x1p-60;

/**
 * The smallest x with q^x below LAW_TAIL (at most `most`), and q^0 .. q^x into s.powers, by repeated
 * products (the same doubles in every backend).
 */
inline int tailPowers(DiversityScratch& s, double q, int most) {
  int top = 0;
  double power = 1;
  s.powers[0] = 1;
  while (top < most && power >= LAW_TAIL) {
    power *= q;
    s.powers[++top] = power;
  }
  return top;
}

/**
 * One law per distinct count m of the current group's subtopics (s.present, s.inGroup): that of
 * X, how many of the m - 1 other documents of a subtopic sit above a slot of a random order of
 * the group's n documents. At slot 0, X = 0; each is carried only up to x = min(m - 1, tail).
 */
inline void groupLaws(DiversityScratch& s, int tail) {
  s.lawCount = 0;
  int next = 0;
  for (int at = 0; at < s.presentCount; at++) {
    const int m = s.inGroup[s.present[at]];
    int d = s.lawOfCount[m];
    if (d < 0) {
      d = s.lawCount++;
      s.lawOfCount[m] = d;
      s.lawM[d] = m;
      s.lawTop[d] = std::min(m - 1, tail);
      s.lawStart[d] = next;
      s.laws[next] = 1;
      for (int x = 1; x <= s.lawTop[d]; x++) s.laws[next + x] = 0;
      next += s.lawTop[d] + 1;
    }
    s.lawOf[at] = d;
  }
}

/** E[q^X] of each law at slot p into s.expect (q = 1: 1; a law dropped, 0); a term past a law's top weighs below LAW_TAIL. */
inline void lawExpectations(DiversityScratch& s, int p, double q) {
  for (int d = 0; d < s.lawCount; d++) {
    if (q == 1) {
      s.expect[d] = 1;
      continue;
    }
    const int law = s.lawStart[d];
    double sum = 0;
    for (int x = std::min(p, s.lawTop[d]); x >= 0; x--) sum += s.laws[law + x] * s.powers[x];
    s.expect[d] = sum;
  }
}

/**
 * Each law from slot p to p + 1 in a group of n (p < n - 1): the (p+1)-th draw of the N = n - 1
 * other documents is one of the K = m - 1 with chance (K - x) / (N - p); from the top x down, as
 * each reads only itself and x - 1. A law whose chance of X <= top falls below LAW_TAIL is
 * dropped (top -1: E[q^X] 0 from then on): that chance only falls slot after slot, and bounds
 * every later E[q^X] carried; carrying it on would sink its chances into subnormal doubles, a
 * hundred times slower.
 */
inline void advanceLaws(DiversityScratch& s, int n, int p) {
  const double left = n - 1 - p;
  for (int d = 0; d < s.lawCount; d++) {
    const int law = s.lawStart[d];
    const int K = s.lawM[d] - 1;
    double mass = 0;
    for (int x = std::min(p + 1, s.lawTop[d]); x >= 0; x--) {
      const double stay = x <= p ? (s.laws[law + x] * (left - (K - x))) / left : 0;
      const double rise = x > 0 ? (s.laws[law + x - 1] * (K - x + 1)) / left : 0;
      s.laws[law + x] = stay + rise;
      mass += stay + rise;
    }
    if (mass < LAW_TAIL) s.lawTop[d] = -1;
  }
}

/** Clears the group's laws' marks in s.lawOfCount. */
inline void releaseLaws(DiversityScratch& s) {
  for (int d = 0; d < s.lawCount; d++) s.lawOfCount[s.lawM[d]] = -1;
}

}  // namespace tie_eval
