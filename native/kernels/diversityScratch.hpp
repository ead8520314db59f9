// Working memory of the diversity kernels (diversityQueries), grown on demand and reused across
// queries and calls (the addon keeps one per Node environment), as the reference's
// DiversityScratch. Sizes: A, L, I, P, sum groups and depth as there.
#pragma once
#include <cstdint>
#include <vector>

namespace tie_eval {

struct DiversityScratch {
  /** the batch's rows' offsets into `subtopics`, and the subtopics (set by diversityQueries) */
  const uint32_t* rows = nullptr;
  const int32_t* subtopics = nullptr;
  /** the current query's subtopics (A) */
  int subtopicCount = 0;
  /** per subtopic: (1 - alpha)^(documents above relevant to it) (A) */
  std::vector<double> gain;
  /** per subtopic: its documents in the current group (A) */
  std::vector<int32_t> inGroup;
  /** the current group's subtopics, in the order met, and how many (A) */
  std::vector<int32_t> present;
  int presentCount = 0;
  /** per subtopic of `present`, the law it uses (A) */
  std::vector<int32_t> lawOf;
  /** per law: its count m, its last x (top), where it starts in `laws`, and its E[q^X] at the current slot (A each) */
  std::vector<int32_t> lawM;
  std::vector<int32_t> lawTop;
  std::vector<int32_t> lawStart;
  std::vector<double> expect;
  int lawCount = 0;
  /** per count m of the current group, its law, -1 for none (L + 1) */
  std::vector<int32_t> lawOfCount;
  /** the laws, top + 1 chances each (P + A) */
  std::vector<double> laws;
  /** q^x for x up to the tail's (L + 1) */
  std::vector<double> powers;
  /** strec's covered subtopics, MAP-IA's sums and counts above, each subtopic's relevant documents (A) */
  std::vector<int32_t> covered;
  std::vector<double> totals;
  std::vector<double> above;
  std::vector<double> relevant;
  /** the ideal ranking's rows in order; per candidate, its list of subtopics; per list, a row of it, where its candidates start in `members`, how many are left; the candidates by list, in id order (I each) */
  std::vector<int32_t> idealRows;
  std::vector<int32_t> setOf;
  std::vector<int32_t> setRow;
  std::vector<int32_t> setStart;
  std::vector<int32_t> setLeft;
  std::vector<int32_t> members;
  /** per sum group, six runs of `depth`: the run's alpha-DCG and ERR sums, the ideal's, the ideal ideal's */
  std::vector<double> sums;
  /** per sum group: the run's NRBP sum, the ideal's */
  std::vector<double> nrbp;

  /** Makes room for a batch of these sizes. */
  void reserve(int64_t A, int64_t L, int64_t I, int64_t P, int64_t groups, int64_t depth) {
    if (static_cast<int64_t>(gain.size()) < A) {
      for (auto* v : {&gain, &expect, &totals, &above, &relevant}) v->assign(A, 0);
      for (auto* v : {&inGroup, &present, &lawOf, &lawM, &lawTop, &lawStart, &covered}) v->assign(A, 0);
    }
    if (static_cast<int64_t>(lawOfCount.size()) < L + 1) {
      lawOfCount.assign(L + 1, -1);
      powers.assign(L + 1, 0);
    }
    if (static_cast<int64_t>(laws.size()) < P + A) laws.assign(P + A, 0);
    if (static_cast<int64_t>(idealRows.size()) < I) {
      for (auto* v : {&idealRows, &setOf, &setRow, &setStart, &setLeft, &members}) v->assign(I, 0);
    }
    if (static_cast<int64_t>(sums.size()) < groups * 6 * depth) sums.assign(groups * 6 * depth, 0);
    if (static_cast<int64_t>(nrbp.size()) < 2 * groups) nrbp.assign(2 * groups, 0);
  }
};

}  // namespace tie_eval
