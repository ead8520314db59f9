import type { Plan } from '../measures/plan.js';
import { gainOf } from './gain.js';
import type { LabelArray } from '../core/labels.js';
import type { Scratch } from './scratch.js';

/**
 * Step 2, the tie vector: cuts the ordered query into groups and sums, per group, the
 * relevant documents at each relevance level, the judged documents and the gains.
 * With `breakTies` (every mode but average) each document is a group of its own, so the
 * measure kernels compute the plain tie-oblivious value of that ordering.
 * `held` positions of `s.order` are ordered (see orderQuery); groups end at the first one
 * reaching position `depth` (n for the whole ranking). `s.n` stays n, the ranking's length.
 */
export function buildGroups(
  scores: Float64Array,
  labels: LabelArray,
  start: number,
  n: number,
  held: number,
  depth: number,
  breakTies: boolean,
  plan: Plan,
  s: Scratch,
): void {
  const levels = plan.thresholds.length;
  const gains = plan.gainType.length;
  s.n = n;
  s.levels = levels;
  s.gains = gains;
  let g = -1;
  let prev = 0;
  for (let i = 0; i < held; i++) {
    const doc = start + s.order[i]!;
    const score = scores[doc]!;
    // a new group starts at the first document, at every score change, or at every document
    if (g < 0 || breakTies || score !== prev) {
      if (g >= 0 && s.groupEnd[g]! >= depth) break;
      g++;
      s.groupJudged[g] = 0;
      for (let t = 0; t < levels; t++) s.groupRel[g * levels + t] = 0;
      for (let c = 0; c < gains; c++) s.groupGain[g * gains + c] = 0;
      prev = score;
    }
    s.groupEnd[g] = i + 1;
    const label = labels[doc]!;
    if (label >= 0) s.groupJudged[g]! += 1;
    for (let t = 0; t < levels; t++) if (label >= plan.thresholds[t]!) s.groupRel[g * levels + t]! += 1;
    for (let c = 0; c < gains; c++) s.groupGain[g * gains + c]! += gainOf(label, plan, c);
  }
  s.groupCount = g + 1;
}
