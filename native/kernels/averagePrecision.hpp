#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "codes.hpp"
#include "hypergeometric.hpp"
#include "runningSum.hpp"
#include "scratch.hpp"

namespace tie_eval {

/**
 * AP(norm=found)@k when group V_c crosses k: E[numerator / (R_c + X)] is not a ratio of
 * expectations, so condition on X, the relevant count in the s = k - t_c slots of V_c
 * (hypergeometric). Given X = x the x relevant documents sit uniformly among the s slots, so
 * V_c adds (x/s) ((R_c + 1) H1 + ((x - 1)/(s - 1)) H2) with H1 = sum 1/(t_c + y) and
 * H2 = sum (y - 1)/(t_c + y) over y = 1..s; the groups above add `above` whatever x is.
 */
inline double apFoundCrossing(Scratch& s, double above, double before, double start, double size, double r, double k) {
  const double slots = k - start;
  double h1 = 0;
  double h2 = 0;
  double carry1 = 0;  // Kahan, as in averagePrecision
  double carry2 = 0;
  for (double y = 1; y <= slots; y++) {
    const double term1 = 1 / (start + y) - carry1;
    const double next1 = h1 + term1;
    carry1 = next1 - h1 - term1;
    h1 = next1;
    const double term2 = (y - 1) / (start + y) - carry2;
    const double next2 = h2 + term2;
    carry2 = next2 - h2 - term2;
    h2 = next2;
  }
  const double lo = std::max(0.0, slots - (size - r));
  const double hi = std::min(slots, r);
  hypergeometric(size, r, slots, lo, hi, s.pmf.data());
  double ap = 0;
  for (double x = lo; x <= hi; x++) {
    const double found = before + x;
    if (found == 0) continue;
    const double within = slots > 1 ? (x - 1) / (slots - 1) : 0;
    const double crossing = (x / slots) * ((before + 1) * h1 + within * h2);
    ap += (s.pmf[static_cast<int>(x - lo)] * (above + crossing)) / found;
  }
  return ap;
}

/**
 * AP's running sum (see RunningSum) walked on through rank `through`. The walk runs in locals,
 * stored back after: a store to `values` could alias the sum's own fields, which would keep
 * each of them in memory.
 */
inline void apWalk(const Scratch& s, RunningSum& run, int col, int through, bool plain) {
  int rank = run.rank;
  int group = run.group;
  double start = run.start;
  double end = run.end;
  double before = run.before;
  bool active = run.active;
  double share = run.share;
  double inner = run.inner;
  double sum = run.sum;
  double carry = run.carry;
  double* values = run.values.data();
  while (rank < through) {
    if (rank == end) {
      // the next group (one without relevant documents adds nothing)
      if (group >= 0) before += s.groupRel[group * s.levels + col];
      group++;
      start = end;
      end = s.groupEnd[group];
      const double size = end - start;
      const double r = s.groupRel[group * s.levels + col];
      active = r > 0;
      share = r / size;
      inner = size > 1 ? (r - 1) / (size - 1) : 0;
      continue;
    }
    const double j = ++rank;
    if (active) {
      const double term = (share * (before + (j - start - 1) * inner + 1)) / j - carry;
      const double next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    values[rank] = sum;
  }
  run.rank = rank;
  run.group = group;
  run.start = start;
  run.end = end;
  run.before = before;
  run.active = active;
  run.share = share;
  run.inner = inner;
  run.sum = sum;
  run.carry = carry;
}

/**
 * AP@k (cutoff 0: the whole ranking) divided by R, min(k, R) or the relevant found in the top k.
 *
 * Position j of group V_i (slots t_i+1..t_i+n_i) holds a relevant document in r_i/n_i of the
 * orderings; when it does, the other j - t_i - 1 slots before it hold on average
 * (j - t_i - 1)(r_i - 1)/(n_i - 1) relevant documents, so its expected precision term is
 * (r_i/n_i) (R_i + (j - t_i - 1)(r_i - 1)/(n_i - 1) + 1) / j. Groups without relevant
 * documents add nothing and are skipped.
 *
 * With norm=found the denominator depends on the ordering: see `apFoundCrossing`.
 * The sum is compensated (Kahan) unless `plain` (trec and input modes sum in rank order, as
 * trec_eval does, so that values on an exact half print its digits).
 */
TIE_EVAL_INLINE double averagePrecision(Scratch& s, int col, double cutoff, int norm, double relevant, bool plain) {
  const double k = cutoff > 0 ? cutoff : s.n;
  const double last = s.groupCount > 0 ? s.groupEnd[s.groupCount - 1] : 0;
  const int through = static_cast<int>(std::min(k, last));
  RunningSum& run = s.apSum;
  const int key = 2 * col + (s.judgedView ? 1 : 0);
  if (run.key != key) run.restart(key);
  apWalk(s, run, col, through, plain);
  double denominator = norm == NORM_R ? relevant : std::min(k, relevant);
  if (norm == NORM_FOUND) {
    // the relevant found in the top k: a group crossing k makes it random (see apFoundCrossing)
    double before = 0;
    double start = 0;
    for (int g = 0; g < s.groupCount && start < k; g++) {
      const double end = s.groupEnd[g];
      const double r = s.groupRel[g * s.levels + col];
      if (end > k) return apFoundCrossing(s, run.values[static_cast<int>(start)], before, start, end - start, r, k);
      before += r;
      start = end;
    }
    denominator = before;
  }
  const double sum = run.values[through];
  return denominator > 0 ? sum / denominator : 0;
}

}  // namespace tie_eval
