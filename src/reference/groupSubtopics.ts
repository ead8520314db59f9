import type { DiversityScratch } from './diversityScratch.js';

/**
 * The subtopics the documents at positions from..to-1 of `ranking` (a tie group; each position a
 * row, -1 for a document not judged) are relevant to, into s.present in the order met, with how
 * many of them each has in s.inGroup (the caller sets those back to 0 after the group).
 */
export function groupSubtopics(s: DiversityScratch, ranking: Int32Array, from: number, to: number): void {
  s.presentCount = 0;
  for (let i = from; i < to; i++) {
    const row = ranking[i]!;
    if (row < 0) continue;
    for (let k = s.rows[row]!; k < s.rows[row + 1]!; k++) {
      const j = s.subtopics[k]!;
      if (s.inGroup[j]!++ === 0) s.present[s.presentCount++] = j;
    }
  }
}
