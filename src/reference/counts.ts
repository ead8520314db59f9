import { expectedRelevant } from './expectedRelevant.js';
import type { Scratch } from './scratch.js';

/**
 * The relevant documents retrieved at relevance column `col`: order-independent, the same in
 * every tie mode (the group table must reach the whole ranking).
 */
export function relevantRetrieved(s: Scratch, col: number): number {
  let sum = 0;
  for (let g = 0; g < s.groupCount; g++) sum += s.groupRel[g * s.levels + col]!;
  return sum;
}

/** The judged documents retrieved (label >= 0). */
export function judgedRetrieved(s: Scratch): number {
  let sum = 0;
  for (let g = 0; g < s.groupCount; g++) sum += s.groupJudged[g]!;
  return sum;
}

/**
 * NumRet: the documents retrieved, or with `rel` >= 1 the relevant ones (NumRelRet); with a
 * cut-off k, those in the top k (ranx's hits@k: the relevant ones expected there).
 */
export function numRet(s: Scratch, col: number, rel: number, cutoff: number): number {
  if (cutoff > 0) return rel > 0 ? expectedRelevant(s, col, cutoff) : Math.min(cutoff, s.n);
  return rel > 0 ? relevantRetrieved(s, col) : s.n;
}

/** num_nonrel_judged_ret: the judged documents retrieved that are not relevant. */
export function numNonRelRet(s: Scratch, col: number): number {
  return judgedRetrieved(s) - relevantRetrieved(s, col);
}
