import * as B from './diversityBatch';
import * as D from './diversityScratch';
import { DIVERSITY_ALPHA_DCG, DIVERSITY_ALPHA_NDCG, DIVERSITY_ERR_IA, DIVERSITY_MAP_IA, DIVERSITY_NERR_IA, DIVERSITY_NNRBP, DIVERSITY_NRBP, DIVERSITY_P_IA } from './codes';
import { coveredSubtopics, relevantPairs, subtopicPrecisionSum } from './coverage';
import { idealIdeal } from './idealIdeal';
import { idealRanking } from './idealRanking';
import { getF64, getI32, getU32, setF64 } from './memory';
import { rankingSums } from './rankingSums';

/** Whether query q's ideal candidates are query q - 1's (the sd mode's orders of one query): its ideal sums are kept. */
function sameIdeal(q: i32): bool {
  if (q == 0 || getI32(B.subtopicCounts, q) != getI32(B.subtopicCounts, q - 1)) return false;
  const first = getU32(B.idealOffsets, q);
  const count = getU32(B.idealOffsets, q + 1) - first;
  const before = getU32(B.idealOffsets, q - 1);
  if (first - before != count) return false;
  for (let i = 0; i < count; i++) if (getI32(B.ideal, first + i) != getI32(B.ideal, before + i)) return false;
  return true;
}

/**
 * Query q's value of each measure of the batch into out[m * queries + q]: ndeval's definitions
 * over its ranking's tie groups, each the mean over every order of its groups (groups of one give
 * ndeval's values, computed as ndeval computes them). A query with no relevant subtopic (A = 0)
 * gets 0 for every measure (ndeval: 0, and NaN for nNRBP). `depth`: the sums' stride in D.sums,
 * the deepest group's depth; `kept`: whether D holds query q - 1's ideal sums.
 * @returns whether D now holds query q's ideal sums
 */
export function diversityQuery(q: i32, queries: i32, depth: i32, kept: bool, out: usize): bool {
  const A = getI32(B.subtopicCounts, q);
  const measureCount = B.measureCount;
  D.subtopicCount = A;
  if (A == 0) {
    for (let m = 0; m < measureCount; m++) setF64(out, m * queries + q, 0);
    return false;
  }
  const first = getU32(B.rankingOffsets, q);
  const length = getU32(B.rankingOffsets, q + 1) - first;
  const groupFirst = getU32(B.groupOffsets, q);
  const groupCount = getU32(B.groupOffsets, q + 1) - groupFirst;
  const idealFirst = getU32(B.idealOffsets, q);
  const idealCount = getU32(B.idealOffsets, q + 1) - idealFirst;
  const limit = B.maxRank > 0 ? min(B.maxRank, length) : length;
  const reuse = kept && sameIdeal(q);
  if (!reuse) {
    for (let j = 0; j < A; j++) setF64(D.relevant, j, 0);
    for (let i = idealFirst; i < idealFirst + idealCount; i++) {
      const row = getI32(B.ideal, i);
      for (let k = getU32(D.rows, row); k < getU32(D.rows, row + 1); k++) {
        const j = getI32(D.subtopics, k);
        setF64(D.relevant, j, getF64(D.relevant, j) + 1);
      }
    }
  }
  const groups = B.groupCount;
  for (let g = 0; g < groups; g++) {
    const q1 = 1 - getF64(B.sumGroups, 4 * g);
    const beta = getF64(B.sumGroups, 4 * g + 1);
    const groupDepth = <i32>getF64(B.sumGroups, 4 * g + 2);
    const withNrbp = getF64(B.sumGroups, 4 * g + 3) == 1;
    const base = 6 * depth * g;
    setF64(D.nrbp, 2 * g, rankingSums(B.ranking, first, length, B.groupEnds, groupFirst, groupCount, q1, beta, groupDepth, withNrbp, limit, base, base + depth, B.discounts));
    if (reuse) continue;
    idealRanking(B.ideal, idealFirst, idealCount, q1);
    setF64(D.nrbp, 2 * g + 1, rankingSums(D.idealRows, 0, idealCount, 0, 0, idealCount, q1, beta, groupDepth, withNrbp, idealCount, base + 2 * depth, base + 3 * depth, B.discounts));
    idealIdeal(q1, groupDepth, base + 4 * depth, base + 5 * depth, B.discounts);
  }
  for (let m = 0; m < measureCount; m++) {
    const code = <i32>getF64(B.measures, 3 * m);
    const cutoff = <i32>getF64(B.measures, 3 * m + 1);
    const g = <i32>getF64(B.measures, 3 * m + 2);
    const k = cutoff - 1;
    const base = 6 * depth * g;
    let value: f64 = 0;
    if (code == DIVERSITY_ALPHA_DCG) value = getF64(D.sums, base + k) / getF64(D.sums, base + 4 * depth + k);
    else if (code == DIVERSITY_ALPHA_NDCG) {
      const norm = getF64(D.sums, base + 4 * depth + k);
      value = getF64(D.sums, base + k) / norm;
      value = value != 0 ? value / (getF64(D.sums, base + 2 * depth + k) / norm) : 0;
    } else if (code == DIVERSITY_ERR_IA) value = getF64(D.sums, base + depth + k) / getF64(D.sums, base + 5 * depth + k);
    else if (code == DIVERSITY_NERR_IA) {
      // ndeval normalises where alpha-DCG is not 0 (the same rankings)
      const norm = getF64(D.sums, base + 5 * depth + k);
      value = getF64(D.sums, base + k) != 0 ? getF64(D.sums, base + depth + k) / norm / (getF64(D.sums, base + 3 * depth + k) / norm) : 0;
    } else if (code == DIVERSITY_NRBP || code == DIVERSITY_NNRBP) {
      const scale = (1 - (1 - getF64(B.sumGroups, 4 * g)) * getF64(B.sumGroups, 4 * g + 1)) / <f64>A;
      value = getF64(D.nrbp, 2 * g) * scale;
      // as ndeval, both scaled; alpha 0 with beta 1 scales both to 0: the ratio of the sums
      if (code == DIVERSITY_NNRBP) value = scale == 0 ? getF64(D.nrbp, 2 * g) / getF64(D.nrbp, 2 * g + 1) : value / (getF64(D.nrbp, 2 * g + 1) * scale);
    } else if (code == DIVERSITY_MAP_IA) value = subtopicPrecisionSum(B.ranking, first, B.groupEnds, groupFirst, groupCount, limit) / <f64>A;
    else if (code == DIVERSITY_P_IA) value = relevantPairs(B.ranking, first, B.groupEnds, groupFirst, groupCount, min(cutoff, limit)) / (<f64>cutoff * <f64>A);
    else value = coveredSubtopics(B.ranking, first, B.groupEnds, groupFirst, groupCount, min(cutoff, limit)) / <f64>A;
    setF64(out, m * queries + q, value);
  }
  return true;
}
