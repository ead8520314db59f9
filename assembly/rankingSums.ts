import * as D from './diversityScratch';
import { groupSubtopics } from './groupSubtopics';
import { getF64, getI32, setF64, setI32 } from './memory';
import { advanceLaws, groupLaws, lawExpectations, releaseLaws, tailPowers } from './subtopicLaws';

/**
 * The sums behind ndeval's alpha-DCG, ERR-IA and NRBP over one ranking, before their
 * normalisations: each the sum over ranks i of gain_i times the rank's weight, gain_i the sum of
 * (1 - alpha)^c over the subtopics the document at rank i is relevant to, c counting the documents
 * above it relevant to the same subtopic. Writes the alpha-DCG sums through each rank i < depth
 * (gain_i x discounts[i], cumulative) to D.sums[dcg + i], the ERR-IA sums (gain_i / (i + 1)) to
 * D.sums[err + i]; returns the NRBP sum (gain_i x beta^i over every rank; 0 without `withNrbp`).
 *
 * The ranking is positions first..first+length-1 of `ranking` (rows, -1: not judged) in tie
 * groups, their ends (exclusive, from `first`) groupEnds[groupFirst ..] (0: each position
 * alone); the sums are their mean over every order of each group (a group of one is ndeval's own
 * step). No position from `limit` on counts (-M: a group crossing it is cut in a random order,
 * whose first slots are those of the whole group's).
 *
 * A document relevant to subtopic j in a group of n holding m such documents, below C of them: its
 * slot p is uniform, and given it the m - 1 others above it inside the group are hypergeometric
 * (n - 1, m - 1, p), so the group's expected gain at slot p from j is q^C (m / n) E[q^X], q = 1 - alpha
 * (see subtopicLaws).
 */
export function rankingSums(ranking: usize, first: i32, length: i32, groupEnds: usize, groupFirst: i32, groupCount: i32, q: f64, beta: f64, depth: i32, withNrbp: bool, limit: i32, dcg: i32, err: i32, discounts: usize): f64 {
  for (let i = 0; i < depth; i++) {
    setF64(D.sums, dcg + i, 0);
    setF64(D.sums, err + i, 0);
  }
  for (let j = 0; j < D.subtopicCount; j++) setF64(D.gain, j, 1);
  const total = min(length, limit);
  const slotsNeeded = withNrbp ? total : min(total, depth);
  const tail = q == 1 ? 0 : tailPowers(q, length);
  let nrbp: f64 = 0;
  let decay: f64 = 1;
  let start = 0;
  for (let g = 0; g < groupCount && start < slotsNeeded; g++) {
    const end = groupEnds == 0 ? g + 1 : getI32(groupEnds, groupFirst + g);
    const n = end - start;
    const slots = min(n, slotsNeeded - start);
    groupSubtopics(ranking, first + start, first + end);
    groupLaws(tail);
    for (let p = 0; p < slots; p++) {
      lawExpectations(p, q);
      let score: f64 = 0;
      for (let at = 0; at < D.presentCount; at++) {
        const j = getI32(D.present, at);
        score += getF64(D.gain, j) * (<f64>getI32(D.inGroup, j) / <f64>n) * getF64(D.expect, getI32(D.lawOf, at));
      }
      const i = start + p;
      if (i < depth) {
        setF64(D.sums, dcg + i, score * getF64(discounts, i));
        setF64(D.sums, err + i, score / <f64>(i + 1));
      }
      if (withNrbp) {
        nrbp += score * decay;
        decay *= beta;
      }
      if (p + 1 < slots && q != 1) advanceLaws(n, p);
    }
    releaseLaws();
    for (let at = 0; at < D.presentCount; at++) {
      const j = getI32(D.present, at);
      for (let c = getI32(D.inGroup, j); c > 0; c--) setF64(D.gain, j, getF64(D.gain, j) * q);
      setI32(D.inGroup, j, 0);
    }
    start = end;
  }
  for (let i = 1; i < depth; i++) {
    setF64(D.sums, dcg + i, getF64(D.sums, dcg + i) + getF64(D.sums, dcg + i - 1));
    setF64(D.sums, err + i, getF64(D.sums, err + i) + getF64(D.sums, err + i - 1));
  }
  return nrbp;
}
