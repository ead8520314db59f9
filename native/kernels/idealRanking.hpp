#pragma once
#include <cstdint>
#include "diversityScratch.hpp"

namespace tie_eval {

/**
 * ndeval's ideal ranking of a query's relevant documents (rows ideal[first .. first+count-1], in
 * document id ascending) for q = 1 - alpha, into s.idealRows: greedy, each rank taking the
 * document of the largest gain (the sum over its subtopics, in order, of q^(documents already
 * ranked relevant to it)), ties to the larger document id, as ndeval 4.5 builds it (finding the
 * best ranking is NP-hard). The documents relevant to none, which ndeval ranks after, add nothing.
 */
inline void idealRanking(DiversityScratch& s, const int32_t* ideal, int64_t first, int count, double q) {
  for (int j = 0; j < s.subtopicCount; j++) s.gain[j] = 1;
  for (int i = 0; i < count; i++) s.used[i] = 0;
  for (int rank = 0; rank < count; rank++) {
    int where = -1;
    double best = 0;
    // a later candidate of an equal gain has the larger id
    for (int i = 0; i < count; i++) {
      if (s.used[i] == 1) continue;
      const int32_t row = ideal[first + i];
      double score = 0;
      for (uint32_t k = s.rows[row]; k < s.rows[row + 1]; k++) score += s.gain[s.subtopics[k]];
      if (where == -1 || score >= best) {
        best = score;
        where = i;
      }
    }
    s.used[where] = 1;
    const int32_t row = ideal[first + where];
    s.idealRows[rank] = row;
    for (uint32_t k = s.rows[row]; k < s.rows[row + 1]; k++) s.gain[s.subtopics[k]] *= q;
  }
}

}  // namespace tie_eval
