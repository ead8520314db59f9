import { expectedRelevant } from './expectedRelevant';
import { getF64 } from './memory';
import * as S from './scratch';

/**
 * The relevant documents retrieved at relevance column `col`: order-independent, the same in
 * every tie mode (the group table must reach the whole ranking).
 */
export function relevantRetrieved(col: i32): f64 {
  let sum: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) sum += getF64(S.groupRel, g * S.levels + col);
  return sum;
}

/** The judged documents retrieved (label >= 0). */
export function judgedRetrieved(): f64 {
  let sum: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) sum += getF64(S.groupJudged, g);
  return sum;
}

/**
 * NumRet: the documents retrieved, or with `rel` >= 1 the relevant ones (NumRelRet); with a
 * cut-off k, those in the top k (ranx's hits@k: the relevant ones expected there).
 */
export function numRet(col: i32, rel: f64, cutoff: f64): f64 {
  if (cutoff > 0) return rel > 0 ? expectedRelevant(col, cutoff) : Math.min(cutoff, <f64>S.n);
  return rel > 0 ? relevantRetrieved(col) : <f64>S.n;
}

/** num_nonrel_judged_ret: the judged documents retrieved that are not relevant. */
export function numNonRelRet(col: i32): f64 {
  return judgedRetrieved() - relevantRetrieved(col);
}
