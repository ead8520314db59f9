#pragma once
#include "inlineKernel.hpp"
#include <algorithm>
#include "codes.hpp"
#include "log2.hpp"
#include "runningSum.hpp"
#include "scratch.hpp"

namespace tie_eval {

/** DCG's running sum (see RunningSum) walked on through rank `through`, in locals (see apWalk). */
inline void dcgWalk(const Scratch& s, RunningSum& run, int gainCol, int through, bool plain) {
  int rank = run.rank;
  int group = run.group;
  double start = run.start;
  double end = run.end;
  bool active = run.active;
  double share = run.share;
  double sum = run.sum;
  double carry = run.carry;
  double* values = run.values.data();
  while (rank < through) {
    if (rank == end) {
      // the next group (an empty one of the judged view adds nothing)
      group++;
      start = end;
      end = s.groupEnd[group];
      const double gain = s.groupGain[group * s.gains + gainCol];
      active = gain != 0 && end > start;
      if (active) share = gain / (end - start);
      continue;
    }
    const int j = ++rank;
    if (active) {
      const double term = share * s.discount[j] - carry;
      const double next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    values[j] = sum;
  }
  run.rank = rank;
  run.group = group;
  run.start = start;
  run.end = end;
  run.active = active;
  run.share = share;
  run.sum = sum;
  run.carry = carry;
}

/**
 * DCG@k (cutoff 0: the whole ranking) with discount 1/log2(j + 1): every position of a group
 * takes the group's mean gain (gain sum / n_i) times its discount. Summed with Kahan's
 * compensation so long rankings and large groups stay exact to ~1 ulp (unless `plain`, as
 * averagePrecision), in the query's running sum (see RunningSum): one walk serves every cut-off.
 */
TIE_EVAL_INLINE double dcg(Scratch& s, int gainCol, double cutoff, bool plain) {
  const double last = s.groupCount > 0 ? s.groupEnd[s.groupCount - 1] : 0;
  const int k = static_cast<int>(cutoff > 0 ? std::min(cutoff, last) : std::min<double>(s.n, last));
  RunningSum& run = s.dcgSum;
  const int key = 2 * gainCol + (s.judgedView ? 1 : 0);
  if (run.key != key) run.restart(key);
  dcgWalk(s, run, gainCol, k, plain);
  return run.values[k];
}

/** nDCG@k = E[DCG@k] / IDCG@k, 0 when the ideal DCG is 0. */
TIE_EVAL_INLINE double ndcg(Scratch& s, int gainCol, double cutoff, double ideal, bool plain) {
  return ideal > 0 ? dcg(s, gainCol, cutoff, plain) / ideal : 0;
}

/** SDCG's normaliser: the DCG@k of k gains of 1, kept for the next query (s.sdcgK, s.sdcgOnes). */
inline double sdcgOnes(Scratch& s, double k) {
  if (s.sdcgK != k) {
    double ones = 0;
    for (double j = 1; j <= k; j++) ones += 1 / log2(j + 1);
    s.sdcgK = k;
    s.sdcgOnes = ones;
  }
  return s.sdcgOnes;
}

/**
 * cwl_eval's SDCG@k (ir_measures' SDCG): E[DCG@k'] of the scaled gains over the DCG@k' of k' gains
 * of 1, k' = min(k, CWL_DEPTH) (cwl_eval weighs no position past its 1,000th; positions past the
 * ranking gain nothing). Linear in the gains: each position of a group takes its mean gain.
 * The sum of k' discounts is kept for the next query (s.sdcgK, s.sdcgOnes).
 */
TIE_EVAL_INLINE double sdcg(Scratch& s, int gainCol, double cutoff, bool plain) {
  const double k = std::min(cutoff, static_cast<double>(CWL_DEPTH));
  return dcg(s, gainCol, k, plain) / sdcgOnes(s, k);
}

}  // namespace tie_eval
