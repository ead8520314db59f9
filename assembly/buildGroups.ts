import { labelGain } from './gradeGains';
import { getF64, getI32, getLabel, setF64, setI32 } from './memory';
import { planGains, planLevels, threshold } from './plan';
import * as S from './scratch';

/**
 * Step 2, the tie vector: cuts the ordered query into groups and sums, per group, the
 * relevant documents at each relevance level, the judged documents and the gains.
 * With `breakTies` (every mode but average) each document is a group of its own, so the
 * measure kernels compute the plain tie-oblivious value of that ordering.
 * `held` positions of `S.order` are ordered (see orderQuery); groups end at the first one
 * reaching position `depth` (n for the whole ranking). `S.n` stays n, the ranking's length.
 */
export function buildGroups<L>(scores: usize, labels: usize, start: i32, n: i32, held: i32, depth: i32, breakTies: bool): void {
  const levels = planLevels();
  const gains = planGains();
  S.n = n;
  S.levels = levels;
  S.gains = gains;
  let g = -1;
  let prev: f64 = 0;
  for (let i = 0; i < held; i++) {
    const doc = start + getI32(S.order, i);
    const score = getF64(scores, doc);
    // a new group starts at the first document, at every score change, or at every document
    if (g < 0 || breakTies || score != prev) {
      if (g >= 0 && getI32(S.groupEnd, g) >= depth) break;
      g++;
      setF64(S.groupJudged, g, 0);
      for (let t = 0; t < levels; t++) setF64(S.groupRel, g * levels + t, 0);
      for (let c = 0; c < gains; c++) setF64(S.groupGain, g * gains + c, 0);
      prev = score;
    }
    setI32(S.groupEnd, g, i + 1);
    const label = getLabel<L>(labels, doc);
    if (label >= 0) setF64(S.groupJudged, g, getF64(S.groupJudged, g) + 1);
    for (let t = 0; t < levels; t++) if (label >= threshold(t)) setF64(S.groupRel, g * levels + t, getF64(S.groupRel, g * levels + t) + 1);
    for (let c = 0; c < gains; c++) setF64(S.groupGain, g * gains + c, getF64(S.groupGain, g * gains + c) + labelGain(label, c));
  }
  S.groupCount = g + 1;
}
