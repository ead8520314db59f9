// Working memory of the kernels, grown on demand and reused across queries and calls (the
// addon keeps one per Node environment), as the reference's Scratch object.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>
#include "codes.hpp"
#include "gradeCounts.hpp"
#include "log2.hpp"
#include "runningSum.hpp"

namespace tie_eval {

/** The interpolated precision values a query keeps for its other rows (see iprec). */
constexpr int IPREC_CACHE = 32;

/**
 * Room for interpolated precision's counted groups' rows, r (n - r + 1) numbers each (see
 * countBelow in iprec): groups past it are counted from their first candidate at every recount.
 */
constexpr int IPREC_ROW_ROOM = 8192;

struct Scratch {
  /** documents in the current query's ranking */
  int n = 0;
  /** groups in the current group table */
  int groupCount = 0;
  /** relevance levels: the stride of groupRel */
  int levels = 0;
  /** gain columns: the stride of groupGain */
  int gains = 0;
  /** where a kernel found bad input (position in the query, or -1) */
  int64_t badPosition = -1;
  /** the judged view's ranking length (see judgedView.hpp), and whether the view is in place */
  int judgedN = 0;
  bool judgedView = false;
  /** positions 0..n-1 of the query in rank order */
  std::vector<int32_t> order;
  /** a copy of the query's scores for selecting the cut-off score; countGroups' counts of higher scores on the baseline path */
  std::vector<double> select;
  /** countGroups' counts of higher scores on the AVX2 path (see vectorPath.hpp) */
  std::vector<int64_t> higher;
  /** end (exclusive) of each group, the tie vector */
  std::vector<int32_t> groupEnd;
  /** relevant count per group and relevance level (stride: levels) */
  std::vector<double> groupRel;
  /** judged count (label >= 0) per group */
  std::vector<double> groupJudged;
  /** gain sum per group and gain column (stride: gains) */
  std::vector<double> groupGain;
  /** the gain of each grade 0..COUNTED_LEVELS-1 per gain column, for the call's plan, filled below gradesFilled (labelGain) */
  std::vector<double> gradeGains;
  /** how many grades of gradeGains the call has filled (clearGradeGains, fillGradeGains) */
  int gradesFilled = 0;
  /** step 0's counts of the ideal labels by grade (gradeCounts) */
  int levelCounts[GRADE_COUNTS_SIZE];
  /** the largest ideal labels of one query, descending (largestDescending); room for all of them */
  std::vector<double> idealTop;
  /** the ideal DCG through each rank of one gain column (step 0), idealRunning[0] = 0 */
  std::vector<double> idealRunning = std::vector<double>(1, 0.0);
  /** hypergeometric probabilities for AP(norm=found), IPrec and ERR, and a second buffer ERR's laws take turns with */
  std::vector<double> pmf;
  std::vector<double> pmf2;
  /** the group ends of the judged view: the ranking without its unjudged documents (judged_only, -J after -M) */
  std::vector<int32_t> judgedEnd;
  /** work arrays of the kernels that need one or two besides the group table (ERR, infAP, IPrec) */
  std::vector<double> work;
  std::vector<double> work2;
  /** G's chances of the counts drawn per distinct gain, in two buffers that take turns; a counted group's orders, gain sums and counts drawn per state */
  std::vector<double> states;
  std::vector<double> states2;
  std::vector<double> states3;
  /** a counted group's numbers per slot in G: 2 + C_x, C(zeros, i), the states' sum (see countedTerms in g) */
  std::vector<double> gSlots = std::vector<double>(3 * (G_COUNTED_SLOTS + 1));
  /** IPrec's candidate groups (15 numbers each), their candidates' slots, its heap of candidate values (4 numbers each), and the groups a value moves */
  std::vector<double> iprecGroups;
  std::vector<double> iprecSlots;
  std::vector<int> iprecMarked;
  /** the ranks IPrec sweeps at once (7 numbers each; see averageIprec in iprec) */
  std::vector<double> iprecLevels = std::vector<double>(7 * IPREC_CACHE);
  /** the counted groups' rows (see countBelow in iprec) */
  std::vector<double> iprecRows = std::vector<double>(IPREC_ROW_ROOM);
  std::vector<double> iprecHeap;
  /** interpolated precision's values of the current query: column, relevant rank, value; how many */
  std::vector<double> iprecCache = std::vector<double>(3 * IPREC_CACHE);
  int iprecCached = 0;
  /** in trec_eval's loop, the best precision from each relevant document on (see brokenIprec in iprec), its column (-1: none yet for this query) and count */
  std::vector<double> iprecBest;
  int iprecBestCol = -1;
  int iprecFound = 0;
  /** the steps of interpolated precision's current sweep (see averageIprec in iprec) */
  double iprecSteps = 0;
  /** the normalisers of cwl_eval's measures, kept for the next query: SDCG's sum of k discounts, INSQ's sum of weights for T (see sdcg in dcg, insq) */
  double sdcgK = 0;
  double sdcgOnes = 0;
  double insqT = std::numeric_limits<double>::quiet_NaN();
  double insqTotal = 0;
  /** the running DCG and AP of the current query (see dcg, averagePrecision) */
  RunningSum dcgSum;
  RunningSum apSum;
  /** the ideal gains' levels of one query: gain, count pairs (step 0); Rndcg's ranks and ideal DCGs after it (see rndcgTerms) */
  std::vector<double> gainLevels = std::vector<double>(2 * IDEAL_LEVELS_MAX);
  /** discount[j] = 1 / log2(j + 1) for ranks j >= 1 */
  std::vector<double> discount = std::vector<double>(1, 0.0);
  /** logs[j] = log2(j) for 1 <= j <= the discounts' ranks + 1 (G's whole-number arguments) */
  std::vector<double> logs = std::vector<double>(2, 0.0);

  /** Makes room for a query of n documents with the given column counts. */
  void ensure(size_t size, int levelCount, int gainCount) {
    if (order.size() < size) {
      size_t cap = std::max<size_t>({size, 2 * order.size(), 16});
      order.resize(cap);
      select.resize(cap);
      higher.resize(cap);
      groupEnd.resize(cap);
      groupJudged.resize(cap);
      pmf.resize(cap + 1);
      pmf2.resize(cap + 1);
      judgedEnd.resize(cap);
      work.resize(cap + 1);
      work2.resize(cap + 1);
      iprecGroups.resize(15 * cap);
      iprecSlots.resize(cap);
      iprecMarked.resize(cap);
      iprecHeap.resize(4 * cap);
      iprecBest.resize(cap + 1);
      dcgSum.values.resize(cap + 1);
      apSum.values.resize(cap + 1);
    }
    size_t cap = order.size();
    if (groupRel.size() < cap * levelCount) groupRel.resize(cap * levelCount);
    if (groupGain.size() < cap * gainCount) groupGain.resize(cap * gainCount);
    ensureDiscount(size);
  }

  /** Makes room for G's states. */
  void ensureStates(size_t count) {
    if (states.size() >= count) return;
    states.resize(std::max(count, 2 * states.size()));
    states2.resize(states.size());
    states3.resize(states.size());
  }

  /** Makes room for m ideal labels. */
  void ensureIdeal(size_t m) {
    if (idealTop.size() < m) {
      idealTop.resize(std::max<size_t>({m, 2 * idealTop.size(), 16}));
      idealRunning.resize(idealTop.size() + 1);
    }
    ensureDiscount(m);
  }

  /** Makes room for the discounts of ranks 1..size. */
  void ensureDiscount(size_t size) {
    if (discount.size() > size) return;
    size_t old = discount.size();
    discount.resize(std::max(size + 1, 2 * old));
    logs.resize(discount.size() + 1);
    for (size_t j = std::max<size_t>(1, old); j < discount.size(); j++) {
      logs[j + 1] = log2(static_cast<double>(j + 1));
      discount[j] = 1 / logs[j + 1];
    }
  }
};

}  // namespace tie_eval
