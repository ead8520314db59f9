#pragma once
#include <algorithm>
#include <cmath>
#include "hypergeometric.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * The relevant rank interpolated precision starts from at recall `level`: c = round(level R),
 * halves away from zero, as trec_eval's lround.
 */
inline double iprecRank(double level, double relevant) { return std::round(level * relevant); }

/**
 * Every group one document or none: the best m / P_m over the relevant documents m >= c, read
 * from the query's suffix maxima s.iprecBest[m] (the best from the m-th relevant document on),
 * made at the first level asked for and kept for the query's other levels at that column.
 */
inline double brokenIprec(Scratch& s, int col, double c) {
  double* best = s.iprecBest.data();
  if (s.iprecBestCol != col) {
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
    s.iprecBestCol = col;
    s.iprecFound = found;
  }
  return c > s.iprecFound || s.iprecFound == 0 ? 0 : best[static_cast<int>(std::max(1.0, c))];
}

/**
 * Checks at most this many slots apart are stepped slot by slot (a multiply-add per count and
 * slot); farther apart, a hypergeometric jump (a pmf per count) costs less.
 */
constexpr double STEP_SLOTS = 16;

/** Fields of a candidate group in s.iprecGroups. */
enum IprecField { IPREC_T = 0, IPREC_BEFORE = 1, IPREC_SIZE = 2, IPREC_REL = 3, IPREC_FIRST = 4, IPREC_HIGHEST = 5, IPREC_BELOW = 6, IPREC_BASE = 7, IPREC_TOTAL = 8, IPREC_ROWS = 9, IPREC_FROM = 10, IPREC_FIELDS = 11 };

/**
 * A group of r relevant and w = n - r other documents with r (w + 1) at most this many is
 * counted exactly (see countBelow): its C(n, r) orders stay below 2^53 (at most C(44, 22)).
 */
constexpr double COUNT_CELLS = 512;

/**
 * groupBelow by counting, for a group of at most COUNT_CELLS: with d_k = s_k - k, the other
 * documents above the k-th relevant one, the orders are the non-decreasing d_1 <= ... <= d_r in
 * [0, w], and the condition is d_k >= b_k - k for the candidates k. Row k counts the sequences
 * d_1 .. d_k ending at each d: the prefix sums of row k - 1 (from the least d allowed so far,
 * b_k - k rising with k), 0 below b_k - k. The count is exact, divided by C(n, r): O(r w)
 * additions, no division. Where the group's rows are kept (ROWS >= 0), rows before the first
 * candidate whose b_k moved since the last count (FROM) still hold, and are not counted again;
 * else one row is counted over in place.
 */
inline double countBelow(Scratch& s, int at) {
  double* info = s.iprecGroups.data();
  const double r = info[at + IPREC_REL];
  const int w = static_cast<int>(info[at + IPREC_SIZE] - r);
  const double first = info[at + IPREC_FIRST];
  const double base = info[at + IPREC_BASE] - first;
  const bool kept = info[at + IPREC_ROWS] >= 0;
  double* c = kept ? s.iprecRows.data() : s.work.data();
  const int origin = kept ? static_cast<int>(info[at + IPREC_ROWS]) : 0;
  const int stride = kept ? w + 1 : 0;
  double k = kept ? info[at + IPREC_FROM] : 1;
  info[at + IPREC_FROM] = r + 1;
  int lo = k - 1 >= first ? static_cast<int>(s.iprecSlots[static_cast<size_t>(base + k - 1)] - (k - 1)) : 0;  // row k - 1 is 0 below lo
  if (k == 1) {
    for (int d = 0; d <= w; d++) c[origin + d] = 1;
    if (first == 1) for (const int least = static_cast<int>(s.iprecSlots[static_cast<size_t>(base + 1)] - 1); lo < least; lo++) c[origin + lo] = 0;
    k = 2;
  }
  for (; k <= r; k++) {
    const int row = origin + (static_cast<int>(k) - 1) * stride;
    const int above = row - stride;
    c[row + lo] = c[above + lo];
    for (int d = lo + 1; d <= w; d++) c[row + d] = c[row + d - 1] + c[above + d];
    if (k >= first) for (const int least = static_cast<int>(s.iprecSlots[static_cast<size_t>(base + k)] - k); lo < least; lo++) c[row + lo] = 0;
  }
  const int last = origin + (static_cast<int>(r) - 1) * stride;
  double count = 0;
  for (int d = lo; d <= w; d++) count += c[last + d];
  return count / info[at + IPREC_TOTAL];
}

/**
 * P(M_V <= v) for the candidate group at `at` in s.iprecGroups, from s.iprecSlots[BASE + k -
 * FIRST] = b_k, the first slot whose value (R + k)/(t + b_k) <= v of each candidate k: the chance
 * that every candidate k sits at or below b_k, i.e. that N(b_k - 1), the relevant count in the
 * slots above b_k, is below k. N grows along the slots, so it is checked at those m slots only:
 * from one to the next its rise is hypergeometric, the chance of each count carried in s.work
 * (stepped slot by slot when the checks are at most STEP_SLOTS apart, with one division per slot).
 */
inline double groupBelow(Scratch& s, int at) {
  const double* info = s.iprecGroups.data();
  if (info[at + IPREC_TOTAL] > 0) return countBelow(s, at);
  const double n = info[at + IPREC_SIZE];
  const double r = info[at + IPREC_REL];
  const double first = info[at + IPREC_FIRST];
  const double base = info[at + IPREC_BASE] - first;
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

/** Removes the heap's smallest entry; returns its new size. */
inline int heapPop(double* heap, int size) {
  const int last = size - 1;
  const double value = heap[4 * last];
  int i = 0;
  for (;;) {
    int child = 2 * i + 1;
    if (child >= last) break;
    if (child + 1 < last && heap[4 * (child + 1)] < heap[4 * child]) child++;
    if (heap[4 * child] >= value) break;
    for (int f = 0; f < 4; f++) heap[4 * i + f] = heap[4 * child + f];
    i = child;
  }
  for (int f = 0; f < 4; f++) heap[4 * i + f] = heap[4 * last + f];
  return last;
}

/** The expectation over random orders inside the groups (see iprec). */
inline double averageIprec(Scratch& s, int col, double c) {
  double* info = s.iprecGroups.data();
  double* slots = s.iprecSlots.data();  // per (group, k): b_k at the sweep's value
  double* heap = s.iprecHeap.data();  // per (group, k): its next value, group, k, slot
  // the candidate groups, their largest values, and the largest of their least values
  int groups = 0;
  double floor = 0;
  double before = 0;
  double start = 0;
  double base = 0;
  for (int g = 0; g < s.groupCount; g++) {
    const double end = s.groupEnd[g];
    const double n = end - start;
    const double r = s.groupRel[g * s.levels + col];
    if (r > 0 && before + r >= c) {
      const int at = IPREC_FIELDS * groups++;
      const double first = std::max(1.0, c - before);
      // (R + k)/(t + x) rises with k at a fixed lag x - k, as R <= t: both at k = r
      const double lowest = (before + r) / (start + n);
      const double highest = (before + r) / (start + r);
      info[at + IPREC_T] = start;
      info[at + IPREC_BEFORE] = before;
      info[at + IPREC_SIZE] = n;
      info[at + IPREC_REL] = r;
      info[at + IPREC_FIRST] = first;
      info[at + IPREC_HIGHEST] = highest;
      info[at + IPREC_BASE] = base;
      base += r - first + 1;
      floor = std::max(floor, lowest);
    }
    before += r;
    start = end;
  }
  if (groups == 0) return 0;
  // b_k at floor (every group's b_k <= n - r + k there, so P(best <= floor) > 0), P(best <=
  // floor), and the values above it: each (group, k)'s from its first one past floor
  double below = 1;
  int heapSize = 0;
  double rows = 0;
  for (int g = 0; g < groups; g++) {
    const int at = IPREC_FIELDS * g;
    info[at + IPREC_BELOW] = 1;
    if (info[at + IPREC_HIGHEST] <= floor) continue;
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
    info[at + IPREC_FROM] = 1;
    for (double k = first; k <= r; k++) {
      double x = std::min(n - r + k, std::max(k - 1, std::floor((R + k) / floor - t)));
      while (x >= k && !((R + k) / (t + x) > floor)) x--;
      while (x < n - r + k && (R + k) / (t + x + 1) > floor) x++;
      slots[static_cast<size_t>(info[at + IPREC_BASE] + k - first)] = x + 1;
      if (x >= k) heapSize = heapPush(heap, heapSize, (R + k) / (t + x), g, k, x);
    }
    info[at + IPREC_BELOW] = groupBelow(s, at);
    below *= info[at + IPREC_BELOW];
  }
  double expected = floor * below;
  while (heapSize > 0) {
    const double v = heap[0];
    // every stream at this value moves on (its b_k is now its slot); their groups are recounted
    while (heapSize > 0 && heap[0] == v) {
      const int g = static_cast<int>(heap[1]);
      const double k = heap[2];
      const double slot = heap[3];
      heapSize = heapPop(heap, heapSize);
      const int at = IPREC_FIELDS * g;
      slots[static_cast<size_t>(info[at + IPREC_BASE] + k - info[at + IPREC_FIRST])] = slot;
      info[at + IPREC_BELOW] = -1;
      info[at + IPREC_FROM] = std::min(info[at + IPREC_FROM], k);
      if (slot > k) heapSize = heapPush(heap, heapSize, (info[at + IPREC_BEFORE] + k) / (info[at + IPREC_T] + slot - 1), g, k, slot - 1);
    }
    double product = 1;
    for (int g = 0; g < groups; g++) {
      const int at = IPREC_FIELDS * g;
      if (info[at + IPREC_BELOW] == -1) info[at + IPREC_BELOW] = v >= info[at + IPREC_HIGHEST] ? 1 : groupBelow(s, at);
      product *= info[at + IPREC_BELOW];
    }
    expected += v * (product - below);
    below = product;
  }
  return expected;
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
 * values, where it is recounted (see groupBelow). A group of n slots, r relevant and m candidates
 * has O(m (n - r)) values; a recount costs O(r (n - r)) additions where r (n - r + 1) <=
 * COUNT_CELLS, else O(n r) multiply-adds, or O(m r^2) with hypergeometric jumps. With one
 * document per group (every mode but average, `broken`) it is trec_eval's loop.
 */
inline double iprec(Scratch& s, int col, double relevant, double level, bool broken) {
  const double c = iprecRank(level, relevant);
  // the query's values so far (iprec_at_recall and 11pt_avg read the same levels; levels share c)
  double* cache = s.iprecCache.data();
  for (int i = 0; i < s.iprecCached; i++) if (cache[3 * i] == col && cache[3 * i + 1] == c) return cache[3 * i + 2];
  const double value = broken ? brokenIprec(s, col, c) : averageIprec(s, col, c);
  if (s.iprecCached < IPREC_CACHE) {
    cache[3 * s.iprecCached] = col;
    cache[3 * s.iprecCached + 1] = c;
    cache[3 * s.iprecCached++ + 2] = value;
  }
  return value;
}

}  // namespace tie_eval
