#pragma once
#include <cstdint>
#include "diversityScratch.hpp"

namespace tie_eval {

/**
 * The subtopics the documents at positions from..to-1 of `ranking` (a tie group; each position a
 * row, -1 for a document not judged) are relevant to, into s.present in the order met, with how
 * many of them each has in s.inGroup (the caller sets those back to 0 after the group).
 */
inline void groupSubtopics(DiversityScratch& s, const int32_t* ranking, int64_t from, int64_t to) {
  s.presentCount = 0;
  for (int64_t i = from; i < to; i++) {
    const int32_t row = ranking[i];
    if (row < 0) continue;
    for (uint32_t k = s.rows[row]; k < s.rows[row + 1]; k++) {
      const int32_t j = s.subtopics[k];
      if (s.inGroup[j]++ == 0) s.present[s.presentCount++] = j;
    }
  }
}

}  // namespace tie_eval
