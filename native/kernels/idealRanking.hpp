#pragma once
#include <cstdint>
#include "diversityScratch.hpp"

namespace tie_eval {

/** Whether rows a and b list the same subtopics. */
inline bool sameSubtopics(const DiversityScratch& s, int32_t a, int32_t b) {
  if (s.rows[a + 1] - s.rows[a] != s.rows[b + 1] - s.rows[b]) return false;
  for (uint32_t k = 0; k < s.rows[a + 1] - s.rows[a]; k++) if (s.subtopics[s.rows[a] + k] != s.subtopics[s.rows[b] + k]) return false;
  return true;
}

/**
 * ndeval's ideal ranking of a query's relevant documents (rows ideal[first .. first+count-1], in
 * document id ascending) for q = 1 - alpha, into s.idealRows: greedy, each rank taking the
 * document of the largest gain (the sum over its subtopics, in order, of q^(documents already
 * ranked relevant to it)), ties to the larger document id, as ndeval 4.5 builds it (finding the
 * best ranking is NP-hard). The documents relevant to none, which ndeval ranks after, add nothing.
 *
 * Documents relevant to the same subtopics always gain alike (the same sum of the same doubles),
 * so among them the greedy takes the largest id first: each rank compares one candidate per
 * distinct list of subtopics (D of them), O(count D) sums in all rather than ndeval's O(count^2).
 */
inline void idealRanking(DiversityScratch& s, const int32_t* ideal, int64_t first, int count, double q) {
  // the candidates' lists of subtopics, and each list's candidates in id order
  int sets = 0;
  for (int i = 0; i < count; i++) {
    const int32_t row = ideal[first + i];
    int d = 0;
    while (d < sets && !sameSubtopics(s, s.setRow[d], row)) d++;
    if (d == sets) {
      s.setRow[sets] = row;
      s.setLeft[sets] = 0;
      sets++;
    }
    s.setOf[i] = d;
    s.setLeft[d]++;
  }
  int start = 0;
  for (int d = 0; d < sets; d++) {
    s.setStart[d] = start;
    start += s.setLeft[d];
    s.setLeft[d] = 0;
  }
  for (int i = 0; i < count; i++) {
    const int d = s.setOf[i];
    s.members[s.setStart[d] + s.setLeft[d]++] = i;
  }
  for (int j = 0; j < s.subtopicCount; j++) s.gain[j] = 1;
  for (int rank = 0; rank < count; rank++) {
    int where = -1;
    double best = 0;
    int bestIndex = -1;
    for (int d = 0; d < sets; d++) {
      if (s.setLeft[d] == 0) continue;
      const int32_t row = s.setRow[d];
      double score = 0;
      for (uint32_t k = s.rows[row]; k < s.rows[row + 1]; k++) score += s.gain[s.subtopics[k]];
      // the list's largest id left; of an equal gain, the larger id
      const int top = s.members[s.setStart[d] + s.setLeft[d] - 1];
      if (where == -1 || score > best || (score == best && top > bestIndex)) {
        best = score;
        where = d;
        bestIndex = top;
      }
    }
    s.setLeft[where]--;
    const int32_t row = ideal[first + bestIndex];
    s.idealRows[rank] = row;
    for (uint32_t k = s.rows[row]; k < s.rows[row + 1]; k++) s.gain[s.subtopics[k]] *= q;
  }
}

}  // namespace tie_eval
