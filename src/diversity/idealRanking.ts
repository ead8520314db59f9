import type { QueryJudgements } from './judgements.js';

const kept = new WeakMap<QueryJudgements, Map<number, readonly Int32Array[]>>();

/**
 * ndeval's ideal ranking of a query's relevant documents for `alpha` (their subtopics, in rank
 * order): greedy, each rank taking the document of the largest gain (the sum over its subtopics
 * of (1 - alpha)^(documents already ranked relevant to it), added in subtopic order), ties to the
 * larger document id, as ndeval 4.5 builds it (finding the best ranking is NP-hard). The documents
 * relevant to none, which ndeval ranks after, add nothing to any measure. Kept per query and alpha.
 */
export function idealRanking(judged: QueryJudgements, alpha: number): readonly Int32Array[] {
  let byAlpha = kept.get(judged);
  if (byAlpha === undefined) kept.set(judged, (byAlpha = new Map()));
  const known = byAlpha.get(alpha);
  if (known !== undefined) return known;
  const q = 1 - alpha;
  const candidates = judged.idealCandidates;
  const gain = new Float64Array(judged.subtopics).fill(1);
  const used = new Uint8Array(candidates.length);
  const order: Int32Array[] = [];
  for (let rank = 0; rank < candidates.length; rank++) {
    let where = -1;
    let best = 0;
    // candidates are in ascending id order: a later one of an equal gain has the larger id
    for (let i = 0; i < candidates.length; i++) {
      if (used[i] === 1) continue;
      let score = 0;
      for (const j of candidates[i]!) score += gain[j]!;
      if (where === -1 || score >= best) {
        best = score;
        where = i;
      }
    }
    used[where] = 1;
    order.push(candidates[where]!);
    for (const j of candidates[where]!) gain[j]! *= q;
  }
  byAlpha.set(alpha, order);
  return order;
}
