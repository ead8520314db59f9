import type { DiversityScratch } from './diversityScratch.js';

/** Whether rows a and b list the same subtopics. */
function sameSubtopics(s: DiversityScratch, a: number, b: number): boolean {
  if (s.rows[a + 1]! - s.rows[a]! !== s.rows[b + 1]! - s.rows[b]!) return false;
  for (let k = 0; k < s.rows[a + 1]! - s.rows[a]!; k++) if (s.subtopics[s.rows[a]! + k] !== s.subtopics[s.rows[b]! + k]) return false;
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
export function idealRanking(s: DiversityScratch, ideal: Int32Array, first: number, count: number, q: number): void {
  // the candidates' lists of subtopics, and each list's candidates in id order
  let sets = 0;
  for (let i = 0; i < count; i++) {
    const row = ideal[first + i]!;
    let d = 0;
    while (d < sets && !sameSubtopics(s, s.setRow[d]!, row)) d++;
    if (d === sets) {
      s.setRow[sets] = row;
      s.setLeft[sets] = 0;
      sets++;
    }
    s.setOf[i] = d;
    s.setLeft[d]!++;
  }
  let start = 0;
  for (let d = 0; d < sets; d++) {
    s.setStart[d] = start;
    start += s.setLeft[d]!;
    s.setLeft[d] = 0;
  }
  for (let i = 0; i < count; i++) {
    const d = s.setOf[i]!;
    s.members[s.setStart[d]! + s.setLeft[d]!++] = i;
  }
  for (let j = 0; j < s.subtopicCount; j++) s.gain[j] = 1;
  for (let rank = 0; rank < count; rank++) {
    let where = -1;
    let best = 0;
    let bestIndex = -1;
    for (let d = 0; d < sets; d++) {
      if (s.setLeft[d] === 0) continue;
      const row = s.setRow[d]!;
      let score = 0;
      for (let k = s.rows[row]!; k < s.rows[row + 1]!; k++) score += s.gain[s.subtopics[k]!]!;
      // the list's largest id left; of an equal gain, the larger id
      const top = s.members[s.setStart[d]! + s.setLeft[d]! - 1]!;
      if (where === -1 || score > best || (score === best && top > bestIndex)) {
        best = score;
        where = d;
        bestIndex = top;
      }
    }
    s.setLeft[where]!--;
    const row = ideal[first + bestIndex]!;
    s.idealRows[rank] = row;
    for (let k = s.rows[row]!; k < s.rows[row + 1]!; k++) s.gain[s.subtopics[k]!]! *= q;
  }
}
