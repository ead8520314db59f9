import type { DiversityBatch } from '../backends/backend.js';
import { DiversityCode } from '../measures/diversityNames.js';
import { coveredSubtopics, relevantPairs, subtopicPrecisionSum } from './coverage.js';
import type { DiversityScratch } from './diversityScratch.js';
import { idealIdeal } from './idealIdeal.js';
import { idealRanking } from './idealRanking.js';
import { rankingSums } from './rankingSums.js';

/** Whether query q's ideal candidates are query q - 1's (the sd mode's orders of one query): its ideal sums are kept. */
function sameIdeal(b: DiversityBatch, q: number): boolean {
  if (q === 0 || b.subtopicCounts[q] !== b.subtopicCounts[q - 1]) return false;
  const first = b.idealOffsets[q]!;
  const count = b.idealOffsets[q + 1]! - first;
  const before = b.idealOffsets[q - 1]!;
  if (first - before !== count) return false;
  for (let i = 0; i < count; i++) if (b.ideal[first + i] !== b.ideal[before + i]) return false;
  return true;
}

/**
 * Query q's value of each measure of the batch into out[m * queries + q]: ndeval's definitions
 * over its ranking's tie groups, each the mean over every order of its groups (groups of one give
 * ndeval's values, computed as ndeval computes them). A query with no relevant subtopic (A = 0)
 * gets 0 for every measure (ndeval: 0, and NaN for nNRBP). `depth`: the sums' stride in s.sums,
 * the deepest group's depth; `kept`: whether s holds query q - 1's ideal sums.
 * @returns whether s now holds query q's ideal sums
 */
export function diversityQuery(s: DiversityScratch, b: DiversityBatch, q: number, queries: number, depth: number, kept: boolean, out: Float64Array): boolean {
  const A = b.subtopicCounts[q]!;
  const measureCount = b.measures.length / 3;
  s.subtopicCount = A;
  if (A === 0) {
    for (let m = 0; m < measureCount; m++) out[m * queries + q] = 0;
    return false;
  }
  const first = b.rankingOffsets[q]!;
  const length = b.rankingOffsets[q + 1]! - first;
  const groupFirst = b.groupOffsets[q]!;
  const groupCount = b.groupOffsets[q + 1]! - groupFirst;
  const idealFirst = b.idealOffsets[q]!;
  const idealCount = b.idealOffsets[q + 1]! - idealFirst;
  const limit = b.maxRank > 0 ? Math.min(b.maxRank, length) : length;
  const reuse = kept && sameIdeal(b, q);
  if (!reuse) {
    for (let j = 0; j < A; j++) s.relevant[j] = 0;
    for (let i = idealFirst; i < idealFirst + idealCount; i++) {
      const row = b.ideal[i]!;
      for (let k = s.rows[row]!; k < s.rows[row + 1]!; k++) s.relevant[s.subtopics[k]!]!++;
    }
  }
  const groups = b.sumGroups.length / 4;
  for (let g = 0; g < groups; g++) {
    const q1 = 1 - b.sumGroups[4 * g]!;
    const beta = b.sumGroups[4 * g + 1]!;
    const groupDepth = b.sumGroups[4 * g + 2]!;
    const withNrbp = b.sumGroups[4 * g + 3] === 1;
    const base = 6 * depth * g;
    s.nrbp[2 * g] = rankingSums(s, b.ranking, first, length, b.groupEnds, groupFirst, groupCount, q1, beta, groupDepth, withNrbp, limit, base, base + depth, b.discounts);
    if (reuse) continue;
    idealRanking(s, b.ideal, idealFirst, idealCount, q1);
    s.nrbp[2 * g + 1] = rankingSums(s, s.idealRows, 0, idealCount, null, 0, idealCount, q1, beta, groupDepth, withNrbp, idealCount, base + 2 * depth, base + 3 * depth, b.discounts);
    idealIdeal(s, q1, groupDepth, base + 4 * depth, base + 5 * depth, b.discounts);
  }
  for (let m = 0; m < measureCount; m++) {
    const code = b.measures[3 * m]!;
    const cutoff = b.measures[3 * m + 1]!;
    const g = b.measures[3 * m + 2]!;
    const k = cutoff - 1;
    const base = 6 * depth * g;
    let value = 0;
    if (code === DiversityCode.ALPHA_DCG) value = s.sums[base + k]! / s.sums[base + 4 * depth + k]!;
    else if (code === DiversityCode.ALPHA_NDCG) {
      const norm = s.sums[base + 4 * depth + k]!;
      value = s.sums[base + k]! / norm;
      value = value !== 0 ? value / (s.sums[base + 2 * depth + k]! / norm) : 0;
    } else if (code === DiversityCode.ERR_IA) value = s.sums[base + depth + k]! / s.sums[base + 5 * depth + k]!;
    else if (code === DiversityCode.NERR_IA) {
      // ndeval normalises where alpha-DCG is not 0 (the same rankings)
      const norm = s.sums[base + 5 * depth + k]!;
      value = s.sums[base + k]! !== 0 ? s.sums[base + depth + k]! / norm / (s.sums[base + 3 * depth + k]! / norm) : 0;
    } else if (code === DiversityCode.NRBP || code === DiversityCode.NNRBP) {
      const scale = (1 - (1 - b.sumGroups[4 * g]!) * b.sumGroups[4 * g + 1]!) / A;
      value = s.nrbp[2 * g]! * scale;
      // as ndeval, both scaled; alpha 0 with beta 1 scales both to 0: the ratio of the sums
      if (code === DiversityCode.NNRBP) value = scale === 0 ? s.nrbp[2 * g]! / s.nrbp[2 * g + 1]! : value / (s.nrbp[2 * g + 1]! * scale);
    } else if (code === DiversityCode.MAP_IA) value = subtopicPrecisionSum(s, b.ranking, first, b.groupEnds, groupFirst, groupCount, limit) / A;
    else if (code === DiversityCode.P_IA) value = relevantPairs(s, b.ranking, first, b.groupEnds, groupFirst, groupCount, Math.min(cutoff, limit)) / (cutoff * A);
    else value = coveredSubtopics(s, b.ranking, first, b.groupEnds, groupFirst, groupCount, Math.min(cutoff, limit)) / A;
    out[m * queries + q] = value;
  }
  return true;
}
