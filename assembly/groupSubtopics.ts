import * as D from './diversityScratch';
import { getI32, getU32, setI32 } from './memory';

/**
 * The subtopics the documents at positions from..to-1 of `ranking` (a tie group; each position a
 * row, -1 for a document not judged) are relevant to, into D.present in the order met, with how
 * many of them each has in D.inGroup (the caller sets those back to 0 after the group).
 */
export function groupSubtopics(ranking: usize, from: i32, to: i32): void {
  D.presentCount = 0;
  for (let i = from; i < to; i++) {
    const row = getI32(ranking, i);
    if (row < 0) continue;
    for (let k = getU32(D.rows, row); k < getU32(D.rows, row + 1); k++) {
      const j = getI32(D.subtopics, k);
      const had = getI32(D.inGroup, j);
      setI32(D.inGroup, j, had + 1);
      if (had == 0) setI32(D.present, D.presentCount++, j);
    }
  }
}
