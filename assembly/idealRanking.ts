import * as D from './diversityScratch';
import { getF64, getI32, getU32, setF64, setI32 } from './memory';

/** Whether rows a and b list the same subtopics. */
function sameSubtopics(a: i32, b: i32): bool {
  if (getU32(D.rows, a + 1) - getU32(D.rows, a) != getU32(D.rows, b + 1) - getU32(D.rows, b)) return false;
  for (let k = 0; k < getU32(D.rows, a + 1) - getU32(D.rows, a); k++) if (getI32(D.subtopics, getU32(D.rows, a) + k) != getI32(D.subtopics, getU32(D.rows, b) + k)) return false;
  return true;
}

/**
 * ndeval's ideal ranking of a query's relevant documents (rows ideal[first .. first+count-1], in
 * document id ascending) for q = 1 - alpha, into D.idealRows: greedy, each rank taking the
 * document of the largest gain (the sum over its subtopics, in order, of q^(documents already
 * ranked relevant to it)), ties to the larger document id, as ndeval 4.5 builds it (finding the
 * best ranking is NP-hard). The documents relevant to none, which ndeval ranks after, add nothing.
 *
 * Documents relevant to the same subtopics always gain alike (the same sum of the same doubles),
 * so among them the greedy takes the largest id first: each rank compares one candidate per
 * distinct list of subtopics (D of them), O(count D) sums in all rather than ndeval's O(count^2).
 */
export function idealRanking(ideal: usize, first: i32, count: i32, q: f64): void {
  // the candidates' lists of subtopics, and each list's candidates in id order
  let sets = 0;
  for (let i = 0; i < count; i++) {
    const row = getI32(ideal, first + i);
    let d = 0;
    while (d < sets && !sameSubtopics(getI32(D.setRow, d), row)) d++;
    if (d == sets) {
      setI32(D.setRow, sets, row);
      setI32(D.setLeft, sets, 0);
      sets++;
    }
    setI32(D.setOf, i, d);
    setI32(D.setLeft, d, getI32(D.setLeft, d) + 1);
  }
  let start = 0;
  for (let d = 0; d < sets; d++) {
    setI32(D.setStart, d, start);
    start += getI32(D.setLeft, d);
    setI32(D.setLeft, d, 0);
  }
  for (let i = 0; i < count; i++) {
    const d = getI32(D.setOf, i);
    setI32(D.members, getI32(D.setStart, d) + getI32(D.setLeft, d), i);
    setI32(D.setLeft, d, getI32(D.setLeft, d) + 1);
  }
  for (let j = 0; j < D.subtopicCount; j++) setF64(D.gain, j, 1);
  for (let rank = 0; rank < count; rank++) {
    let where = -1;
    let best: f64 = 0;
    let bestIndex = -1;
    for (let d = 0; d < sets; d++) {
      if (getI32(D.setLeft, d) == 0) continue;
      const row = getI32(D.setRow, d);
      let score: f64 = 0;
      for (let k = getU32(D.rows, row); k < getU32(D.rows, row + 1); k++) score += getF64(D.gain, getI32(D.subtopics, k));
      // the list's largest id left; of an equal gain, the larger id
      const top = getI32(D.members, getI32(D.setStart, d) + getI32(D.setLeft, d) - 1);
      if (where == -1 || score > best || (score == best && top > bestIndex)) {
        best = score;
        where = d;
        bestIndex = top;
      }
    }
    setI32(D.setLeft, where, getI32(D.setLeft, where) - 1);
    const row = getI32(ideal, first + bestIndex);
    setI32(D.idealRows, rank, row);
    for (let k = getU32(D.rows, row); k < getU32(D.rows, row + 1); k++) {
      const j = getI32(D.subtopics, k);
      setF64(D.gain, j, getF64(D.gain, j) * q);
    }
  }
}
