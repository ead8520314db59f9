#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include "codes.hpp"
#include "freeOrders.hpp"
#include "hypergeometric.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * The relevant rank interpolated precision starts from at recall `level`: c = round(level R),
 * halves away from zero, as trec_eval's lround.
 */
inline double iprecRank(double level, double relevant) { return std::round(level * relevant); }

/**
 * The key of column `col` in the query's cache: the column, past the relevance columns in the
 * judged view (a judged_only row reads another ranking at the same column).
 */
inline int cacheKey(const Scratch& s, int col) { return s.judgedView ? col + s.levels : col; }

/**
 * Every group one document or none: the best m / P_m over the relevant documents m >= c, read
 * from the query's suffix maxima s.iprecBest[m] (the best from the m-th relevant document on),
 * made at the first level asked for and kept for the query's other levels at that column.
 */
inline double brokenIprec(Scratch& s, int col, double c) {
  double* best = s.iprecBest.data();
  if (s.iprecBestCol != cacheKey(s, col)) {
    int found = 0;
    double before = 0;
    double start = 0;
    for (int g = 0; g < s.groupCount; g++) {
      const double end = s.groupEnd[g];
      const double r = s.groupRel[g * s.levels + col];
      if (r > 0) best[++found] = (before + 1) / (start + 1);
      before += r;
      start = end;
    }
    for (int m = found - 1; m >= 1; m--) best[m] = std::max(best[m], best[m + 1]);
    s.iprecBestCol = cacheKey(s, col);
    s.iprecFound = found;
  }
  return c > s.iprecFound || s.iprecFound == 0 ? 0 : best[static_cast<int>(std::max(1.0, c))];
}

/**
 * Checks at most this many slots apart are stepped slot by slot (a multiply-add per count and
 * slot); farther apart, a hypergeometric jump (a pmf per count) costs less.
 */
constexpr double STEP_SLOTS = 16;

/** A carried group's checks at most this many slots apart are stepped by Pascal's rule (an addition per count and slot); farther, a jump. */
constexpr double PASCAL_SLOTS = 2;

/** The largest count a group is carried in (see carriedBelow): below a double's range, with room for a binomial's ratio step. */
constexpr double CARRY_COUNT_MAX = 1e300;

/** Fields of a candidate group in s.iprecGroups. */
enum IprecField { IPREC_T = 0, IPREC_BEFORE = 1, IPREC_SIZE = 2, IPREC_REL = 3, IPREC_FIRST = 4, IPREC_HIGHEST = 5, IPREC_BELOW = 6, IPREC_BASE = 7, IPREC_TOTAL = 8, IPREC_ROWS = 9, IPREC_FROM = 10, IPREC_LOWEST = 11, IPREC_HEADS_FROM = 12, IPREC_HEADS_TO = 13, IPREC_AFTER = 14, IPREC_FIELDS = 15 };

/** Fields of a rank in s.iprecLevels: its first candidate group and candidate there, its floor, P(best <= v), the expectation so far. */
enum IprecLevelField { LEVEL_RANK = 0, LEVEL_HEAD = 1, LEVEL_HEAD_FIRST = 2, LEVEL_FLOOR = 3, LEVEL_HEAD_BELOW = 4, LEVEL_PRODUCT = 5, LEVEL_EXPECTED = 6, LEVEL_FIELDS = 7 };

/**
 * P(M_V <= v) from candidate `first` on, for the candidate group at `at` in s.iprecGroups, from
 * s.iprecSlots[BASE + k - FIRST] = b_k, the first slot whose value (R + k)/(t + b_k) <= v of each
 * candidate k: the chance that every candidate k sits at or below b_k, i.e. that N(b_k - 1), the
 * relevant count in the slots above b_k, is below k. N grows along the slots, so it is checked at
 * those m slots only: from one to the next its rise is hypergeometric, the chance of each count
 * carried in s.work (stepped slot by slot when the checks are at most STEP_SLOTS apart, with one
 * division per slot).
 */
inline double groupBelow(Scratch& s, int at, double first) {
  const double* info = s.iprecGroups.data();
  const double n = info[at + IPREC_SIZE];
  const double r = info[at + IPREC_REL];
  const double base = info[at + IPREC_BASE] - info[at + IPREC_FIRST];
  double* p = s.work.data();
  double* next = s.work2.data();
  double* pmf = s.pmf.data();
  p[0] = 1;
  int top = 0;  // p is 0 past top
  double last = 0;  // the slot of the last check
  for (double k = first; k <= r; k++) {
    const double e = s.iprecSlots[static_cast<size_t>(base + k)] - 1;
    if (e > last && e - last <= STEP_SLOTS) {
      // N(e) from N(last), slot by slot: slot x + 1 holds a relevant document with chance
      // (relevant left) / (slots left); counts past k - 1 are dropped (they only grow)
      const int keep = static_cast<int>(std::min(k - 1, r));
      top = std::min(top, keep);
      for (double x = last; x < e; x++) {
        const double left = n - x;
        const double share = 1 / left;
        const int up = std::min(keep, top + 1);
        s.iprecSteps += up + 1;
        if (up > top) p[up] = 0;
        for (int j = up; j > 0; j--) p[j] = (p[j] * (left - r + j) + p[j - 1] * (r - j + 1)) * share;
        p[0] = p[0] * (left - r) * share;
        top = up;
      }
      last = e;
    } else if (e > last) {
      // N(e) from N(last) at once: the relevant among the e - last slots drawn from the n - last left
      const int keep = static_cast<int>(std::min(k - 1, r));
      for (int j = 0; j <= keep; j++) next[j] = 0;
      for (int j = 0; j <= top; j++) {
        if (p[j] == 0) continue;
        const double draws = e - last;
        const double lo = std::max(0.0, draws - (n - last - (r - j)));
        const double hi = std::min(draws, r - j);
        if (j + lo > keep) continue;
        hypergeometric(n - last, r - j, draws, lo, hi, pmf);
        s.iprecSteps += 4 * (hi - lo + 1);  // the law's terms, their sum, their division, the convolution
        for (double x = lo; x <= hi && j + x <= keep; x++) next[static_cast<int>(j + x)] = next[static_cast<int>(j + x)] + p[j] * pmf[static_cast<int>(x - lo)];
      }
      top = keep;
      for (int j = 0; j <= top; j++) p[j] = next[j];
      last = e;
    } else {
      top = std::min(top, static_cast<int>(k - 1));
    }
  }
  double below = 0;
  for (int j = 0; j <= top; j++) below += p[j];
  return below;
}

/**
 * P(M_V <= v) by counting, for a group of at most COUNT_CELLS: with d_k = s_k - k, the other
 * documents above the k-th relevant one, the orders are the non-decreasing d_1 <= ... <= d_r in
 * [0, w], and the condition is d_k >= lo_k = b_k - k for the candidates k (lo_k rises with k).
 * Rows run from the last candidate back: row k holds S_k(e), the sequences d_k .. d_r with
 * d_k >= e that meet the conditions of k .. r, for e >= lo_k (below, S_k(lo_k)):
 * S_k(e) = S_k(e + 1) + S_{k+1}(max(e, lo_{k+1})), S_{r+1} = 1. From candidate f on, the free
 * d_1 <= ... <= d_{f-1} <= d_f add C(d_f + f - 1, f - 1) orders each, so the count is
 * S_1(lo_1) for f = 1, else the sum over e >= lo_f of S_{f+1}(max(e, lo_{f+1})) C(e + f - 1, f - 1).
 * The counts are exact, divided by C(n, r): O(r w) additions. Writes the chance from FIRST on to
 * BELOW and, for the ranks the group heads, from their first candidate on to their HEAD_BELOW.
 * Where the group's rows are kept (ROWS >= 0), rows past the last candidate whose b_k moved since
 * the last count (FROM) still hold, and are not counted again; else one row is counted over in place.
 */
inline void countBelow(Scratch& s, int at) {
  double* info = s.iprecGroups.data();
  double* levels = s.iprecLevels.data();
  const double r = info[at + IPREC_REL];
  const int w = static_cast<int>(info[at + IPREC_SIZE] - r);
  const double first = info[at + IPREC_FIRST];
  const double base = info[at + IPREC_BASE] - first;
  const double total = info[at + IPREC_TOTAL];
  const bool kept = info[at + IPREC_ROWS] >= 0;
  double* c = kept ? s.iprecRows.data() : s.work.data();
  const int origin = kept ? static_cast<int>(info[at + IPREC_ROWS]) : 0;
  const int stride = kept ? w + 1 : 0;
  const double from = kept ? info[at + IPREC_FROM] : r;
  // the ranks the group heads, by their first candidate, descending (the ranks ascend); those past `from` still hold
  const int heads = static_cast<int>(info[at + IPREC_HEADS_FROM]);
  int l = static_cast<int>(info[at + IPREC_HEADS_TO]) - 1;
  while (l >= heads && levels[LEVEL_FIELDS * l + LEVEL_HEAD_FIRST] > from) l--;
  for (double k = from; k >= first; k--) {
    const int lo = static_cast<int>(s.iprecSlots[static_cast<size_t>(base + k)] - k);
    const int row = origin + (static_cast<int>(k) - 1) * stride;
    const int after = row + stride;  // row k + 1 (the same row, counted over in place)
    // S_{k+1} at e >= loAfter; below, S_{k+1}(loAfter) (read before it is counted over); S_{r+1} = 1
    const int loAfter = k < r ? static_cast<int>(s.iprecSlots[static_cast<size_t>(base + k + 1)] - (k + 1)) : w + 1;
    const double least = k < r ? c[after + loAfter] : 1;
    // the ranks whose first candidate is k weigh each d_k = e by the free orders above it
    const bool weighed = (k == first || (l >= heads && levels[LEVEL_FIELDS * l + LEVEL_HEAD_FIRST] == k)) && k > 1;
    s.iprecSteps += w - lo + 1;
    double sum = 0;
    double count = 0;
    int e = w;
    if (weighed) {
      const double* free = freeOrdersRow(static_cast<int>(k) - 1);
      for (; e >= lo && e >= loAfter; e--) {
        const double orders = c[after + e];
        sum += orders;
        c[row + e] = sum;
        count += orders * free[e];
      }
      for (; e >= lo; e--) {
        sum += least;
        c[row + e] = sum;
        count += least * free[e];
      }
    } else {
      for (; e >= lo && e >= loAfter; e--) {
        sum += c[after + e];
        c[row + e] = sum;
      }
      for (; e >= lo; e--) {
        sum += least;
        c[row + e] = sum;
      }
      count = sum;
    }
    if (k == first) info[at + IPREC_BELOW] = count / total;
    for (; l >= heads && levels[LEVEL_FIELDS * l + LEVEL_HEAD_FIRST] == k; l--) levels[LEVEL_FIELDS * l + LEVEL_HEAD_BELOW] = count / total;
  }
  info[at + IPREC_FROM] = first - 1;
}

/** C(D, d) for d = 0 .. top to out[0 ..] (0 past D): the ratio recurrence, exact while below 2^53. */
inline void binomialRow(double D, double top, double* out) {
  out[0] = 1;
  for (double d = 1; d <= top; d++) out[static_cast<size_t>(d)] = d <= D ? (out[static_cast<size_t>(d - 1)] * (D - d + 1)) / d : 0;
}

/**
 * C(n, r) for a group carried in whole counts (see carriedBelow), or 0 where a count could pass
 * CARRY_COUNT_MAX: every count is at most C(n, min(r, n / 2)).
 */
inline double carriedOrders(double n, double r) {
  double most = 1;
  for (double i = 0; i < std::min(r, std::floor(n / 2)); i++) {
    most = (most * (n - i)) / (i + 1);
    if (most > CARRY_COUNT_MAX) return 0;
  }
  double orders = 1;
  for (double i = 0; i < std::min(r, n - r); i++) orders = (orders * (n - i)) / (i + 1);
  return orders;
}

/**
 * P(M_V <= v) for a group past COUNT_CELLS whose counts stay below CARRY_COUNT_MAX (TOTAL holds
 * -C(n, r)), in whole (floating) counts from the last candidate back, as countBelow: with
 * e_k = b_k - 1, V_k(j) (j < k) is the number of ways to place the r - j relevant documents left
 * in slots e_k + 1 .. n so that the conditions of k + 1 .. r hold: V_r(j) = C(n - e_r, r - j) and
 * V_k(i) = sum over j = i .. k of C(e_{k+1} - e_k, j - i) V_{k+1}(j) (slot by slot by Pascal's
 * rule where the checks are at most PASCAL_SLOTS apart). From candidate f on, the chance is the
 * sum over i < f of C(e_f, i) V_f(i), over C(n, r): one pass answers FIRST and every rank the
 * group heads, with no division but the binomials'. All terms are positive: a relative error of
 * a few ulp per candidate. Kept rows (ROWS >= 0, in s.iprecRows) past the last candidate whose
 * b_k moved (FROM) still hold; else rows k and k + 1 take turns in s.work and s.work2, from r.
 * Counts its multiply-adds in s.iprecSteps.
 */
inline void carriedBelow(Scratch& s, int at) {
  double* info = s.iprecGroups.data();
  double* levels = s.iprecLevels.data();
  const double n = info[at + IPREC_SIZE];
  const double r = info[at + IPREC_REL];
  const double first = info[at + IPREC_FIRST];
  const double base = info[at + IPREC_BASE] - first;
  const double total = -info[at + IPREC_TOTAL];
  const bool kept = info[at + IPREC_ROWS] >= 0;
  const int stride = static_cast<int>(r) + 1;
  const double from = kept ? info[at + IPREC_FROM] : r;
  double* bin = s.pmf.data();
  double* rowBin = s.pmf2.data();
  const int heads = static_cast<int>(info[at + IPREC_HEADS_FROM]);
  int l = static_cast<int>(info[at + IPREC_HEADS_TO]) - 1;
  while (l >= heads && levels[LEVEL_FIELDS * l + LEVEL_HEAD_FIRST] > from) l--;
  for (double k = from; k >= first; k--) {
    const double e = s.iprecSlots[static_cast<size_t>(base + k)] - 1;
    const int ki = static_cast<int>(k);
    // row k (V_k) and row k + 1 (V_{k+1}, j = 0 .. k)
    double* row = kept ? s.iprecRows.data() : ki % 2 == 0 ? s.work.data() : s.work2.data();
    const int at0 = kept ? static_cast<int>(info[at + IPREC_ROWS]) + (ki - static_cast<int>(first)) * stride : 0;
    const double* above = kept ? s.iprecRows.data() : ki % 2 == 0 ? s.work2.data() : s.work.data();
    const int at1 = kept ? at0 + stride : 0;
    if (k == r) {
      binomialRow(n - e, r, bin);
      for (int j = 0; j < ki; j++) row[at0 + j] = bin[ki - j];
      s.iprecSteps += r;
    } else {
      const double gap = std::max(0.0, s.iprecSlots[static_cast<size_t>(base + k + 1)] - 1 - e);
      if (gap <= PASCAL_SLOTS) {
        // slot by slot: V(x, i) = V(x + 1, i) + V(x + 1, i + 1)
        for (int i = 0; i <= ki; i++) row[at0 + i] = above[at1 + i];
        for (double x = 0; x < gap; x++) for (int i = 0; i < ki; i++) row[at0 + i] = row[at0 + i] + row[at0 + i + 1];
        s.iprecSteps += gap * k;
      } else {
        binomialRow(gap, k, bin);
        const int reach = static_cast<int>(std::min(gap, k));
        for (int i = 0; i < ki; i++) {
          double sum = 0;
          const int hi = std::min(ki, i + reach);
          for (int j = i; j <= hi; j++) sum += bin[j - i] * above[at1 + j];
          row[at0 + i] = sum;
          s.iprecSteps += hi - i + 1;
        }
        s.iprecSteps += k;
      }
    }
    if (k == first || (l >= heads && levels[LEVEL_FIELDS * l + LEVEL_HEAD_FIRST] == k)) {
      binomialRow(e, k - 1, rowBin);
      double count = 0;
      for (int i = 0; i < ki; i++) count += rowBin[i] * row[at0 + i];
      const double chance = count / total;
      if (k == first) info[at + IPREC_BELOW] = chance;
      for (; l >= heads && levels[LEVEL_FIELDS * l + LEVEL_HEAD_FIRST] == k; l--) levels[LEVEL_FIELDS * l + LEVEL_HEAD_BELOW] = chance;
      s.iprecSteps += 2 * k;
    }
  }
  info[at + IPREC_FROM] = first - 1;
}

/**
 * A group's chances at the sweep's value v (see averageIprec): 1 from its largest value on, 0
 * below its least, else counted (see countBelow) or carried (see groupBelow), from FIRST on to
 * BELOW and for the ranks it heads from their first candidate on.
 */
inline void groupChances(Scratch& s, int at, double v) {
  double* info = s.iprecGroups.data();
  double* levels = s.iprecLevels.data();
  const double whole = v >= info[at + IPREC_HIGHEST] ? 1 : v < info[at + IPREC_LOWEST] ? 0 : -1;
  if (whole < 0 && info[at + IPREC_TOTAL] > 0) {
    countBelow(s, at);
    return;
  }
  if (whole < 0 && info[at + IPREC_TOTAL] < 0) {
    carriedBelow(s, at);
    return;
  }
  info[at + IPREC_BELOW] = whole >= 0 ? whole : groupBelow(s, at, info[at + IPREC_FIRST]);
  for (int l = static_cast<int>(info[at + IPREC_HEADS_FROM]); l < info[at + IPREC_HEADS_TO]; l++) {
    const double first = levels[LEVEL_FIELDS * l + LEVEL_HEAD_FIRST];
    levels[LEVEL_FIELDS * l + LEVEL_HEAD_BELOW] = whole >= 0 ? whole : first == info[at + IPREC_FIRST] ? info[at + IPREC_BELOW] : groupBelow(s, at, first);
  }
}

/** Pushes (value, group, k, slot) on the min-heap of 4-number entries; returns its new size. */
inline int heapPush(double* heap, int size, double value, double group, double k, double slot) {
  int i = size;
  while (i > 0) {
    const int parent = (i - 1) >> 1;
    if (heap[4 * parent] <= value) break;
    for (int f = 0; f < 4; f++) heap[4 * i + f] = heap[4 * parent + f];
    i = parent;
  }
  heap[4 * i] = value;
  heap[4 * i + 1] = group;
  heap[4 * i + 2] = k;
  heap[4 * i + 3] = slot;
  return size + 1;
}

/** Puts (value, group, k, slot) in place of the heap's smallest entry (a pop and a push in one sift); the size stays. */
inline void heapReplace(double* heap, int size, double value, double group, double k, double slot) {
  int i = 0;
  for (;;) {
    int child = 2 * i + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[4 * (child + 1)] < heap[4 * child]) child++;
    if (heap[4 * child] >= value) break;
    for (int f = 0; f < 4; f++) heap[4 * i + f] = heap[4 * child + f];
    i = child;
  }
  heap[4 * i] = value;
  heap[4 * i + 1] = group;
  heap[4 * i + 2] = k;
  heap[4 * i + 3] = slot;
}

/** Removes the heap's smallest entry; returns its new size. */
inline int heapPop(double* heap, int size) {
  const int last = size - 1;
  heapReplace(heap, last, heap[4 * last], heap[4 * last + 1], heap[4 * last + 2], heap[4 * last + 3]);
  return last;
}

/** The products of the chances of the groups after each group (AFTER) of the groups before `from` back to `to`, from those after them. */
inline void multiplyAfter(Scratch& s, int from, int to) {
  double* info = s.iprecGroups.data();
  s.iprecSteps += std::max(0, from - to);
  for (int g = from - 1; g >= to; g--) info[IPREC_FIELDS * g + IPREC_AFTER] = info[IPREC_FIELDS * (g + 1) + IPREC_BELOW] * info[IPREC_FIELDS * (g + 1) + IPREC_AFTER];
}

/** P(best <= v) of rank l: its head's chance from its first candidate on times the chances of the groups after it. */
inline double rankProduct(Scratch& s, int l) {
  return s.iprecLevels[LEVEL_FIELDS * l + LEVEL_HEAD_BELOW] * s.iprecGroups[IPREC_FIELDS * static_cast<int>(s.iprecLevels[LEVEL_FIELDS * l + LEVEL_HEAD]) + IPREC_AFTER];
}

/**
 * The expectations of the `count` ranks of s.iprecLevels (ascending) at once, to their EXPECTED
 * (see iprec). The ranks' candidate groups are the last ones of the least rank's: a rank c has
 * those from its head, the first group with R + r >= c, whose candidates start at k = c - R;
 * past its head a group's candidates are all its relevant documents, whatever the rank. So one
 * sweep from the least floor (the last rank's) counts each group's chances once at each of its
 * values; where one changed, the products of the chances after each group are made again from
 * it back (AFTER), and the ranks it belongs to take their head's chance times the product after
 * their head. A rank's product is 0 below its floor, as one of its groups is: the ranks whose
 * floor is above the sweep's value, and the groups before their heads, wait; so do the
 * candidates only they read: each starts just below the floor of the last rank reading it, so a
 * sparse set of ranks does not step through the values below its higher floors. Counts the
 * recounts' steps in s.iprecSteps; returns false, the expectations unmade, past IPREC_STEPS_MAX.
 */
inline bool averageIprec(Scratch& s, int col, int count) {
  double* info = s.iprecGroups.data();
  double* levels = s.iprecLevels.data();
  double* slots = s.iprecSlots.data();  // per (group, k): b_k at the sweep's value
  double* heap = s.iprecHeap.data();  // per (group, k): its next value, group, k, slot
  const double least = levels[LEVEL_RANK];
  // the least rank's candidate groups, their least and largest values
  int groups = 0;
  double before = 0;
  double start = 0;
  double base = 0;
  for (int g = 0; g < s.groupCount; g++) {
    const double end = s.groupEnd[g];
    const double n = end - start;
    const double r = s.groupRel[g * s.levels + col];
    if (r > 0 && before + r >= least) {
      const int at = IPREC_FIELDS * groups++;
      const double first = std::max(1.0, least - before);
      info[at + IPREC_T] = start;
      info[at + IPREC_BEFORE] = before;
      info[at + IPREC_SIZE] = n;
      info[at + IPREC_REL] = r;
      info[at + IPREC_FIRST] = first;
      // (R + k)/(t + x) rises with k at a fixed lag x - k, as R <= t: both at k = r
      info[at + IPREC_LOWEST] = (before + r) / (start + n);
      info[at + IPREC_HIGHEST] = (before + r) / (start + r);
      info[at + IPREC_BASE] = base;
      info[at + IPREC_HEADS_FROM] = 0;
      info[at + IPREC_HEADS_TO] = 0;
      base += r - first + 1;
    }
    before += r;
    start = end;
  }
  // each rank's head and first candidate there (a rank past the relevant documents retrieved is 0)
  int live = 0;
  for (int l = 0, head = 0; l < count; l++) {
    const double c = levels[LEVEL_FIELDS * l + LEVEL_RANK];
    while (head < groups && info[IPREC_FIELDS * head + IPREC_BEFORE] + info[IPREC_FIELDS * head + IPREC_REL] < c) head++;
    levels[LEVEL_FIELDS * l + LEVEL_EXPECTED] = 0;
    if (head == groups) continue;
    live = l + 1;
    const int at = IPREC_FIELDS * head;
    levels[LEVEL_FIELDS * l + LEVEL_HEAD] = head;
    levels[LEVEL_FIELDS * l + LEVEL_HEAD_FIRST] = std::max(1.0, c - info[at + IPREC_BEFORE]);
    if (info[at + IPREC_HEADS_TO] == info[at + IPREC_HEADS_FROM]) info[at + IPREC_HEADS_FROM] = l;
    info[at + IPREC_HEADS_TO] = l + 1;
  }
  if (live == 0) return true;
  // each rank's floor, the largest least value of its groups, from the last rank back
  double floor = 0;
  for (int l = live - 1, g = groups; l >= 0; l--) {
    for (; g > levels[LEVEL_FIELDS * l + LEVEL_HEAD]; g--) floor = std::max(floor, info[IPREC_FIELDS * (g - 1) + IPREC_LOWEST]);
    levels[LEVEL_FIELDS * l + LEVEL_FLOOR] = floor;
  }
  const double bottom = levels[LEVEL_FIELDS * (live - 1) + LEVEL_FLOOR];
  // b_k at the least floor (every group's b_k <= n - r + k there), the chances there, and the
  // values above it: each (group, k)'s from its first one past it. A candidate the last rank does
  // not read starts where the last rank reading it opens, at its floor u: just below u (b_k the
  // first slot below u, the values from u on), as no open rank reads it before
  int heapSize = 0;
  double rows = 0;
  s.iprecSteps = 0;
  int reader = 0;  // the last rank reading the candidate
  for (int g = 0; g < groups; g++) {
    const int at = IPREC_FIELDS * g;
    if (info[at + IPREC_HIGHEST] <= bottom) {
      groupChances(s, at, bottom);
      continue;
    }
    const double t = info[at + IPREC_T];
    const double R = info[at + IPREC_BEFORE];
    const double n = info[at + IPREC_SIZE];
    const double r = info[at + IPREC_REL];
    const double first = info[at + IPREC_FIRST];
    // C(n, r), exactly (each product is C(n, i + 1) (i + 1) < 2^53), if counted, and its rows
    const double cells = r * (n - r + 1);
    double total = 0;
    if (cells <= COUNT_CELLS) {
      total = 1;
      for (double i = 0; i < std::min(r, n - r); i++) total = (total * (n - i)) / (i + 1);
    }
    info[at + IPREC_TOTAL] = total;
    info[at + IPREC_ROWS] = total > 0 && rows + cells <= IPREC_ROW_ROOM ? rows : -1;
    if (info[at + IPREC_ROWS] >= 0) rows += cells;
    // a larger group is carried in whole counts where none can pass CARRY_COUNT_MAX (TOTAL
    // -C(n, r)), its rows kept beside the counted groups' while they have room
    if (total == 0) {
      const double orders = carriedOrders(n, r);
      const double need = (r - first + 1) * (r + 1);
      if (orders > 0) {
        info[at + IPREC_TOTAL] = -orders;
        if (rows + need <= IPREC_ROW_ROOM) {
          info[at + IPREC_ROWS] = rows;
          rows += need;
        }
      }
    }
    info[at + IPREC_FROM] = r;
    for (double k = first; k <= r; k++) {
      while (reader + 1 < live && (levels[LEVEL_FIELDS * (reader + 1) + LEVEL_HEAD] < g || (levels[LEVEL_FIELDS * (reader + 1) + LEVEL_HEAD] == g && levels[LEVEL_FIELDS * (reader + 1) + LEVEL_HEAD_FIRST] <= k))) reader++;
      const double u = levels[LEVEL_FIELDS * reader + LEVEL_FLOOR];
      const bool below = u > bottom;  // from just below u (its values from u on), else from u (those past it)
      double x = std::min(n - r + k, std::max(k - 1, std::floor((R + k) / u - t)));
      while (x >= k && !((R + k) / (t + x) > u || (below && (R + k) / (t + x) == u))) x--;
      while (x < n - r + k && ((R + k) / (t + x + 1) > u || (below && (R + k) / (t + x + 1) == u))) x++;
      slots[static_cast<size_t>(info[at + IPREC_BASE] + k - first)] = x + 1;
      if (x >= k) heapSize = heapPush(heap, heapSize, (R + k) / (t + x), g, k, x);
    }
    groupChances(s, at, bottom);
  }
  // the ranks from `open` on have their floor at or below the sweep's value (below it a rank's
  // product is 0); the products after the groups from `valid` on are up to date
  int open = live - 1;
  while (open > 0 && levels[LEVEL_FIELDS * (open - 1) + LEVEL_FLOOR] <= bottom) open--;
  info[IPREC_FIELDS * (groups - 1) + IPREC_AFTER] = 1;
  int valid = static_cast<int>(levels[LEVEL_FIELDS * open + LEVEL_HEAD]);
  multiplyAfter(s, groups - 1, valid);
  for (int l = 0; l < live; l++) {
    const double product = l < open ? 0 : rankProduct(s, l);
    levels[LEVEL_FIELDS * l + LEVEL_PRODUCT] = product;
    levels[LEVEL_FIELDS * l + LEVEL_EXPECTED] = bottom * product;
  }
  while (heapSize > 0) {
    const double v = heap[0];
    // every stream at this value moves on (its b_k is now its slot, its next value takes its place
    // in the heap); their groups are recounted
    int marked = 0;
    while (heapSize > 0 && heap[0] == v) {
      const int g = static_cast<int>(heap[1]);
      const double k = heap[2];
      const double slot = heap[3];
      const int at = IPREC_FIELDS * g;
      slots[static_cast<size_t>(info[at + IPREC_BASE] + k - info[at + IPREC_FIRST])] = slot;
      if (info[at + IPREC_BELOW] != -1) s.iprecMarked[marked++] = g;
      info[at + IPREC_BELOW] = -1;
      info[at + IPREC_FROM] = std::max(info[at + IPREC_FROM], k);
      if (slot > k) heapReplace(heap, heapSize, (info[at + IPREC_BEFORE] + k) / (info[at + IPREC_T] + slot - 1), g, k, slot - 1);
      else heapSize = heapPop(heap, heapSize);
    }
    // ranks opening at their floor read groups before the open ranks' heads, whose candidates
    // started just below it (their chances may be a 0 from below their least value): those are
    // recounted too, from their first candidate at least (the mark clears BELOW)
    const int opened = open;
    while (open > 0 && levels[LEVEL_FIELDS * (open - 1) + LEVEL_FLOOR] <= v) open--;
    if (open < opened) {
      for (int g = static_cast<int>(levels[LEVEL_FIELDS * open + LEVEL_HEAD]); g < levels[LEVEL_FIELDS * opened + LEVEL_HEAD]; g++) {
        const int at = IPREC_FIELDS * g;
        if (info[at + IPREC_BELOW] != -1) s.iprecMarked[marked++] = g;
        info[at + IPREC_BELOW] = -1;
        info[at + IPREC_FROM] = std::max(info[at + IPREC_FROM], info[at + IPREC_FIRST]);
      }
    }
    int last = -1;  // the last group recounted: the ranks whose head is at or before it change
    for (int i = 0; i < marked; i++) {
      const int g = s.iprecMarked[i];
      groupChances(s, IPREC_FIELDS * g, v);
      last = std::max(last, g);
    }
    multiplyAfter(s, std::max(valid, last), static_cast<int>(levels[LEVEL_FIELDS * open + LEVEL_HEAD]));
    valid = static_cast<int>(levels[LEVEL_FIELDS * open + LEVEL_HEAD]);
    for (int l = open; l < live && levels[LEVEL_FIELDS * l + LEVEL_HEAD] <= last; l++) {
      const double product = rankProduct(s, l);
      levels[LEVEL_FIELDS * l + LEVEL_EXPECTED] += v * (product - levels[LEVEL_FIELDS * l + LEVEL_PRODUCT]);
      levels[LEVEL_FIELDS * l + LEVEL_PRODUCT] = product;
    }
    if (s.iprecSteps > IPREC_STEPS_MAX) return false;
  }
  return true;
}

/** Keeps a value in the query's cache under `key` (see cacheKey) while it has room; returns the value. */
inline double keepIprec(Scratch& s, int key, double c, double value) {
  double* cache = s.iprecCache.data();
  if (s.iprecCached < IPREC_CACHE) {
    cache[3 * s.iprecCached] = key;
    cache[3 * s.iprecCached + 1] = c;
    cache[3 * s.iprecCached++ + 2] = value;
  }
  return value;
}

/** Inserts rank c in order among the first `count` of s.iprecLevels, unless there, cached or out of room; returns the count. */
inline int addRank(Scratch& s, int count, int room, int key, double c) {
  double* levels = s.iprecLevels.data();
  if (count >= room) return count;
  for (int l = 0; l < count; l++) if (levels[LEVEL_FIELDS * l + LEVEL_RANK] == c) return count;
  for (int i = 0; i < s.iprecCached; i++) if (s.iprecCache[3 * i] == key && s.iprecCache[3 * i + 1] == c) return count;
  int l = count;
  for (; l > 0 && levels[LEVEL_FIELDS * (l - 1) + LEVEL_RANK] > c; l--) levels[LEVEL_FIELDS * l + LEVEL_RANK] = levels[LEVEL_FIELDS * (l - 1) + LEVEL_RANK];
  levels[LEVEL_FIELDS * l + LEVEL_RANK] = c;
  return count + 1;
}

/**
 * The ranks to sweep at once, ascending, in s.iprecLevels' RANK: c, and those of the plan's
 * other interpolated precision rows at `col` that the cache lacks, as many as it has room for.
 * Returns how many.
 */
inline int iprecRanks(Scratch& s, const Plan& plan, int col, double relevant, double c) {
  const int room = std::max(1, IPREC_CACHE - s.iprecCached);
  const int key = cacheKey(s, col);
  int count = addRank(s, 0, room, key, c);
  for (int row = 0; row < plan.measures(); row++) {
    if (plan.rowInt(row, ROW_THRESHOLD) != col) continue;
    if (plan.rowInt(row, ROW_KIND) == KIND_IPREC) count = addRank(s, count, room, key, iprecRank(plan.rowField(row, ROW_PARAM), relevant));
    if (plan.rowInt(row, ROW_KIND) == KIND_IPREC_MEAN) {
      const int at = plan.rowInt(row, ROW_EXTRA);
      for (int l = 0; l < plan.rowInt(row, ROW_EXTRA_COUNT); l++) count = addRank(s, count, room, key, iprecRank(plan.pool(at + l), relevant));
    }
  }
  return count;
}

/**
 * Interpolated precision at recall `level` (trec_eval's iprec_at_recall, ir_measures' IPrec):
 * with c = iprecRank, the best precision m / P_m over the relevant documents m >= c (P_m the
 * rank of the m-th relevant one; for c <= 0 over them all), 0 when fewer than c are retrieved.
 *
 * Tie-aware: the relevant documents of a group V (t ranks and R relevant above it, n slots, r
 * relevant) take a random r-subset s_1 < ... < s_r of its slots, independently of the other
 * groups, so the best is the largest of independent group bests M_V = max over its candidates k
 * (R + k >= c) of (R + k)/(t + s_k), and P(best <= v) is the product of the groups'
 * P(M_V <= v). The expectation sums v times the rise of that product over the candidate values
 * v in ascending order (a heap merges each (group, k)'s values, ascending as s_k falls). Below
 * the largest of the groups' least values the product is 0, so the sweep starts there; a group
 * whose largest value is below it is 1 throughout. A group's P(M_V <= v) changes only at its own
 * values, where it is recounted (see groupChances). A group of n slots, r relevant and m candidates
 * has O(m (n - r)) values; a recount costs O(r (n - r)) additions where r (n - r + 1) <=
 * COUNT_CELLS, else O(n r) multiply-adds, or O(m r^2) with hypergeometric jumps. Every rank the
 * query's rows ask for at this column is swept at once (see averageIprec): the ranks share their
 * groups but the first. With one document per group (every mode but average) it is trec_eval's
 * loop. In trec mode an empty ranking's value at c = 0 is NaN, trec_eval's 0 / 0 (its precision
 * of no documents), which it prints; the other modes give 0. Returns -1 when the sweep would take
 * more than IPREC_STEPS_MAX steps (no exact value is cheaper: see docs/measures.md).
 */
inline double iprec(Scratch& s, const Plan& plan, int col, double relevant, double level, int mode) {
  const double c = iprecRank(level, relevant);
  if (mode == TREC && s.n == 0 && c == 0) return std::numeric_limits<double>::quiet_NaN();
  // the query's values so far (iprec_at_recall and 11pt_avg read the same levels; levels share c)
  const double* cache = s.iprecCache.data();
  const int key = cacheKey(s, col);
  for (int i = 0; i < s.iprecCached; i++) if (cache[3 * i] == key && cache[3 * i + 1] == c) return cache[3 * i + 2];
  if (mode != AVERAGE) return keepIprec(s, key, c, brokenIprec(s, col, c));
  const int count = iprecRanks(s, plan, col, relevant, c);
  if (!averageIprec(s, col, count)) return -1;
  double value = 0;
  for (int l = 0; l < count; l++) {
    const double rank = s.iprecLevels[LEVEL_FIELDS * l + LEVEL_RANK];
    const double expected = keepIprec(s, key, rank, s.iprecLevels[LEVEL_FIELDS * l + LEVEL_EXPECTED]);
    if (rank == c) value = expected;
  }
  return value;
}

}  // namespace tie_eval
