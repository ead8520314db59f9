#pragma once
#include <algorithm>
#include <cstdint>
#include <type_traits>
#include "gradeGains.hpp"
#include "inlineKernel.hpp"
#include "plan.hpp"
#include "scratch.hpp"
#include "vectorPath.hpp"
#if TIE_EVAL_AVX2_PATH
#include <immintrin.h>
#endif

namespace tie_eval {

/**
 * higher[i] = how many of x[0..n) are above x[i], in counts of type C: counted for all
 * documents at once, one score at a time against every other, a loop the compiler vectorizes (a
 * count per document is a chain of scalar compares; without vectors that form pays, since it
 * holds the count in a register where this one reloads it: the reference counts per document;
 * the WASM kernel, whose engines do not vectorize, eight documents at a time in SIMD registers).
 * Counts in double vectorize on every target (the baseline loop); CPUs with AVX2 take
 * countHigherAvx2, which keeps the counts in registers.
 */
template <typename C>
TIE_EVAL_INLINE void countHigher(const double* x, int n, C* higher) {
  for (int i = 0; i < n; i++) higher[i] = 0;
  for (int j = 0; j < n; j++) {
    const double xj = x[j];
    for (int i = 0; i < n; i++) higher[i] += static_cast<C>(xj > x[i]);
  }
}

#if TIE_EVAL_AVX2_PATH
/**
 * countHigher for CPUs with AVX2 (useAvx2), as the WASM kernel counts: eight documents at a
 * time, compared four to a register with each score, their counts kept in registers (the
 * all-ones compare mask is -1, so subtracting it counts); then four, then the last one to three
 * through a masked load (no read past the query; the lanes past it are never stored).
 */
TIE_EVAL_AVX2 inline void countHigherAvx2(const double* x, int n, int64_t* higher) {
  int i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256d s0 = _mm256_loadu_pd(x + i);
    const __m256d s1 = _mm256_loadu_pd(x + i + 4);
    __m256i a0 = _mm256_setzero_si256();
    __m256i a1 = _mm256_setzero_si256();
    for (int j = 0; j < n; j++) {
      const __m256d xj = _mm256_broadcast_sd(x + j);
      a0 = _mm256_sub_epi64(a0, _mm256_castpd_si256(_mm256_cmp_pd(xj, s0, _CMP_GT_OQ)));
      a1 = _mm256_sub_epi64(a1, _mm256_castpd_si256(_mm256_cmp_pd(xj, s1, _CMP_GT_OQ)));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(higher + i), a0);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(higher + i + 4), a1);
  }
  for (; i < n; i += 4) {
    const int left = n - i;
    const __m256i lanes = _mm256_set_epi64x(left > 3 ? -1 : 0, left > 2 ? -1 : 0, left > 1 ? -1 : 0, -1);
    const __m256d s0 = _mm256_maskload_pd(x + i, lanes);
    __m256i a0 = _mm256_setzero_si256();
    for (int j = 0; j < n; j++) a0 = _mm256_sub_epi64(a0, _mm256_castpd_si256(_mm256_cmp_pd(_mm256_broadcast_sd(x + j), s0, _CMP_GT_OQ)));
    _mm256_maskstore_epi64(reinterpret_cast<long long*>(higher + i), lanes, a0);
  }
}
#endif

/** countGroups with the counts of higher scores in `higher`, of type C (see countGroups). */
template <typename L, typename C>
TIE_EVAL_INLINE void countGroupsWith(const double* scores, const L* labels, int64_t start, int n, int depth, const Plan& plan, Scratch& s, C* higher) {
  const int levels = plan.levels();
  const int gains = plan.gains();
  s.n = n;
  s.levels = levels;
  s.gains = gains;
  // local pointers: the compiler cannot tell that the stores below leave the vectors' own fields alone
  int32_t* groupEnd = s.groupEnd.data();
  double* groupJudged = s.groupJudged.data();
  double* groupRel = s.groupRel.data();
  double* groupGain = s.groupGain.data();
  // the size of the group starting at each position, in s.order (no order is needed)
  int32_t* size = s.order.data();
  const int rows = std::min(n, std::max(depth, 1));
  // the rows, and the one past them when it exists (above < n always)
  const int kept = std::min(n, rows + 1);
  for (int p = 0; p < kept; p++) size[p] = 0;
  for (int p = 0; p < kept; p++) groupJudged[p] = 0;
  for (int p = 0; p < kept * levels; p++) groupRel[p] = 0;
  for (int p = 0; p < kept * gains; p++) groupGain[p] = 0;
  // the documents scoring higher than each one, where its group starts
  const double* x = scores + start;
#if TIE_EVAL_AVX2_PATH
  if constexpr (std::is_same<C, int64_t>::value) countHigherAvx2(x, n, higher);
  else countHigher(x, n, higher);
#else
  countHigher(x, n, higher);
#endif
  const double t0 = levels > 0 ? plan.threshold(0) : 0;
  for (int i = 0; i < n; i++) {
    // one past the last row for a group starting at or past it, which the packing never reads
    // (a clamp, not a branch on the data)
    const int above = std::min(static_cast<int>(higher[i]), rows);
    size[above]++;
    const double label = static_cast<double>(labels[start + i]);
    groupJudged[above] += label >= 0 ? 1 : 0;
    // one relevance level (the usual case): no loop, its threshold in a register
    if (levels == 1) groupRel[above] += label >= t0 ? 1 : 0;
    else for (int t = 0; t < levels; t++) groupRel[above * levels + t] += label >= plan.threshold(t) ? 1 : 0;
    for (int c = 0; c < gains; c++) groupGain[above * gains + c] += labelGain(label, plan, c, s);
  }
  // pack the rows: the group starting at position p ends at p + size[p], where the next one starts
  int g = 0;
  for (int p = 0; p < rows; p += size[p], g++) {
    groupEnd[g] = p + size[p];
    groupJudged[g] = groupJudged[p];
    for (int t = 0; t < levels; t++) groupRel[g * levels + t] = groupRel[p * levels + t];
    for (int c = 0; c < gains; c++) groupGain[g * gains + c] = groupGain[p * gains + c];
  }
  s.groupCount = g;
}

/**
 * Steps 1 and 2 at once for a small query in average mode, where only each group's counts
 * matter: the group of document i starts at the number of documents scoring higher, so its
 * counts are summed in the row of that start position, and the rows are then packed, in start
 * order, into the group table; no ordering and no branch on the data.
 * As buildGroups, groups starting at or past `depth` are left out (the first one never is).
 * Inside a group the documents are summed in position order, the order rankPositions gives
 * them, so the sums equal orderQuery's and buildGroups' to the bit.
 * The counts of higher scores are int64 on the AVX2 path, double on the baseline one.
 */
template <typename L>
void countGroups(const double* scores, const L* labels, int64_t start, int n, int depth, const Plan& plan, Scratch& s) {
  if (useAvx2()) countGroupsWith(scores, labels, start, n, depth, plan, s, s.higher.data());
  else countGroupsWith(scores, labels, start, n, depth, plan, s, s.select.data());
}

}  // namespace tie_eval
