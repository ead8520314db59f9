import * as D from './diversityScratch';
import { getF64, getI32, getU32, setF64, setI32 } from './memory';

/**
 * ndeval's ideal ranking of a query's relevant documents (rows ideal[first .. first+count-1], in
 * document id ascending) for q = 1 - alpha, into D.idealRows: greedy, each rank taking the
 * document of the largest gain (the sum over its subtopics, in order, of q^(documents already
 * ranked relevant to it)), ties to the larger document id, as ndeval 4.5 builds it (finding the
 * best ranking is NP-hard). The documents relevant to none, which ndeval ranks after, add nothing.
 */
export function idealRanking(ideal: usize, first: i32, count: i32, q: f64): void {
  for (let j = 0; j < D.subtopicCount; j++) setF64(D.gain, j, 1);
  for (let i = 0; i < count; i++) setI32(D.used, i, 0);
  for (let rank = 0; rank < count; rank++) {
    let where = -1;
    let best: f64 = 0;
    // a later candidate of an equal gain has the larger id
    for (let i = 0; i < count; i++) {
      if (getI32(D.used, i) == 1) continue;
      const row = getI32(ideal, first + i);
      let score: f64 = 0;
      for (let k = getU32(D.rows, row); k < getU32(D.rows, row + 1); k++) score += getF64(D.gain, getI32(D.subtopics, k));
      if (where == -1 || score >= best) {
        best = score;
        where = i;
      }
    }
    setI32(D.used, where, 1);
    const row = getI32(ideal, first + where);
    setI32(D.idealRows, rank, row);
    for (let k = getU32(D.rows, row); k < getU32(D.rows, row + 1); k++) {
      const j = getI32(D.subtopics, k);
      setF64(D.gain, j, getF64(D.gain, j) * q);
    }
  }
}
