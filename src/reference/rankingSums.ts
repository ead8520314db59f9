import type { DiversityScratch } from './diversityScratch.js';
import { groupSubtopics } from './groupSubtopics.js';
import { advanceLaws, groupLaws, lawExpectations, releaseLaws, tailPowers } from './subtopicLaws.js';

/**
 * The sums behind ndeval's alpha-DCG, ERR-IA and NRBP over one ranking, before their
 * normalisations: each the sum over ranks i of gain_i times the rank's weight, gain_i the sum of
 * (1 - alpha)^c over the subtopics the document at rank i is relevant to, c counting the documents
 * above it relevant to the same subtopic. Writes the alpha-DCG sums through each rank i < depth
 * (gain_i x discounts[i], cumulative) to s.sums[dcg + i], the ERR-IA sums (gain_i / (i + 1)) to
 * s.sums[err + i]; returns the NRBP sum (gain_i x beta^i over every rank; 0 without `withNrbp`).
 *
 * The ranking is positions first..first+length-1 of `ranking` (rows, -1: not judged) in tie
 * groups, their ends (exclusive, from `first`) groupEnds[groupFirst ..] (null: each position
 * alone); the sums are their mean over every order of each group (a group of one is ndeval's own
 * step). No position from `limit` on counts (-M: a group crossing it is cut in a random order,
 * whose first slots are those of the whole group's).
 *
 * A document relevant to subtopic j in a group of n holding m such documents, below C of them: its
 * slot p is uniform, and given it the m - 1 others above it inside the group are hypergeometric
 * (n - 1, m - 1, p), so the group's expected gain at slot p from j is q^C (m / n) E[q^X], q = 1 - alpha
 * (see subtopicLaws).
 */
export function rankingSums(s: DiversityScratch, ranking: Int32Array, first: number, length: number, groupEnds: Int32Array | null, groupFirst: number, groupCount: number, q: number, beta: number, depth: number, withNrbp: boolean, limit: number, dcg: number, err: number, discounts: Float64Array): number {
  for (let i = 0; i < depth; i++) {
    s.sums[dcg + i] = 0;
    s.sums[err + i] = 0;
  }
  for (let j = 0; j < s.subtopicCount; j++) s.gain[j] = 1;
  const total = Math.min(length, limit);
  const slotsNeeded = withNrbp ? total : Math.min(total, depth);
  const tail = q === 1 ? 0 : tailPowers(s, q, length);
  let nrbp = 0;
  let decay = 1;
  let start = 0;
  for (let g = 0; g < groupCount && start < slotsNeeded; g++) {
    const end = groupEnds === null ? g + 1 : groupEnds[groupFirst + g]!;
    const n = end - start;
    const slots = Math.min(n, slotsNeeded - start);
    groupSubtopics(s, ranking, first + start, first + end);
    groupLaws(s, tail);
    for (let p = 0; p < slots; p++) {
      lawExpectations(s, p, q);
      let score = 0;
      for (let at = 0; at < s.presentCount; at++) {
        const j = s.present[at]!;
        score += s.gain[j]! * (s.inGroup[j]! / n) * s.expect[s.lawOf[at]!]!;
      }
      const i = start + p;
      if (i < depth) {
        s.sums[dcg + i] = score * discounts[i]!;
        s.sums[err + i] = score / (i + 1);
      }
      if (withNrbp) {
        nrbp += score * decay;
        decay *= beta;
      }
      if (p + 1 < slots && q !== 1) advanceLaws(s, n, p);
    }
    releaseLaws(s);
    for (let at = 0; at < s.presentCount; at++) {
      const j = s.present[at]!;
      for (let c = s.inGroup[j]!; c > 0; c--) s.gain[j]! *= q;
      s.inGroup[j] = 0;
    }
    start = end;
  }
  for (let i = 1; i < depth; i++) {
    s.sums[dcg + i]! += s.sums[dcg + i - 1]!;
    s.sums[err + i]! += s.sums[err + i - 1]!;
  }
  return nrbp;
}
