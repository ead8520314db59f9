import type { Plan } from '../measures/plan.js';
import { gainOf } from './gain.js';
import type { Scratch } from './scratch.js';
import type { LabelArray } from '../core/labels.js';

/**
 * Steps 1 and 2 at once for a small query in average mode, where only each group's counts
 * matter: the group of document i starts at the number of documents scoring higher, so its
 * counts are summed in the row of that start position, and the rows are then packed, in start
 * order, into the group table; no ordering and no branch on the data.
 * As buildGroups, groups starting at or past `depth` are left out (the first one never is).
 * Inside a group the documents are summed in position order, the order rankPositions gives
 * them, so the sums equal orderQuery's and buildGroups' to the bit.
 */
export function countGroups(scores: Float64Array, labels: LabelArray, start: number, n: number, depth: number, plan: Plan, s: Scratch): void {
  const levels = plan.thresholds.length;
  const gains = plan.gainType.length;
  s.n = n;
  s.levels = levels;
  s.gains = gains;
  // the size of the group starting at each position, in s.order (no order is needed)
  const size = s.order;
  const rows = Math.min(n, Math.max(depth, 1));
  // the rows, and the one past them when it exists (above < n always)
  const kept = Math.min(n, rows + 1);
  for (let p = 0; p < kept; p++) size[p] = 0;
  for (let p = 0; p < kept; p++) s.groupJudged[p] = 0;
  for (let p = 0; p < kept * levels; p++) s.groupRel[p] = 0;
  for (let p = 0; p < kept * gains; p++) s.groupGain[p] = 0;
  for (let i = 0; i < n; i++) {
    const si = scores[start + i]!;
    // the documents scoring higher: where i's group starts; one past the last row for a group
    // starting at or past it, which the packing never reads (a clamp, not a branch on the data)
    let above = 0;
    for (let j = 0; j < n; j++) above += +(scores[start + j]! > si);
    above = Math.min(above, rows);
    size[above]!++;
    const label = labels[start + i]!;
    s.groupJudged[above]! += label >= 0 ? 1 : 0;
    for (let t = 0; t < levels; t++) s.groupRel[above * levels + t]! += label >= plan.thresholds[t]! ? 1 : 0;
    for (let c = 0; c < gains; c++) s.groupGain[above * gains + c]! += gainOf(label, plan, c);
  }
  // pack the rows: the group starting at position p ends at p + size[p], where the next one starts
  let g = 0;
  for (let p = 0; p < rows; p += size[p]!, g++) {
    s.groupEnd[g] = p + size[p]!;
    s.groupJudged[g] = s.groupJudged[p]!;
    for (let t = 0; t < levels; t++) s.groupRel[g * levels + t] = s.groupRel[p * levels + t]!;
    for (let c = 0; c < gains; c++) s.groupGain[g * gains + c] = s.groupGain[p * gains + c]!;
  }
  s.groupCount = g;
}
