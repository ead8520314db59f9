import { groupSubtopics } from './groupSubtopics.js';
import type { QueryJudgements } from './judgements.js';

/**
 * P-IA@k's count: the (document, subtopic) pairs of relevance in the top k, its mean over the
 * orders of each tie group (a group crossing k gives (k - start) / n of its pairs).
 */
export function relevantPairs(subtopics: readonly (Int32Array | undefined)[], groupEnds: ArrayLike<number>, k: number): number {
  let count = 0;
  let start = 0;
  for (let g = 0; g < groupEnds.length && start < k; g++) {
    const end = groupEnds[g]!;
    let pairs = 0;
    for (let i = start; i < end; i++) pairs += subtopics[i]?.length ?? 0;
    count += end <= k ? pairs : (pairs * (k - start)) / (end - start);
    start = end;
  }
  return count;
}

/**
 * strec@k's count: the subtopics covered by the top k, its mean over the orders of each tie
 * group: a subtopic first met in a group of n crossing k, m of its documents relevant to it, is
 * covered unless none of them is among the group's first r = k - start slots, a chance of
 * C(n - m, r) / C(n, r).
 */
export function coveredSubtopics(judged: QueryJudgements, subtopics: readonly (Int32Array | undefined)[], groupEnds: ArrayLike<number>, k: number): number {
  const covered = new Uint8Array(judged.subtopics);
  const inGroup = new Int32Array(judged.subtopics);
  let count = 0;
  let start = 0;
  for (let g = 0; g < groupEnds.length && start < k; g++) {
    const end = groupEnds[g]!;
    const n = end - start;
    for (const j of groupSubtopics(subtopics, start, end, inGroup)) {
      if (covered[j] === 1) {
        inGroup[j] = 0;
        continue;
      }
      if (end <= k) count++;
      else {
        const r = k - start;
        let none = 1;
        for (let i = 0; i < r && none > 0; i++) none *= (n - inGroup[j]! - i) / (n - i);
        count += 1 - none;
      }
      covered[j] = 1;
      inGroup[j] = 0;
    }
    start = end;
  }
  return count;
}

/**
 * MAP-IA's sum: over the subtopics, the sum of precision (for that subtopic) at each document
 * relevant to it, over every rank, divided by its relevant documents; the mean over the orders of
 * each tie group: at slot p of a group of n at `start`, m of its documents relevant to the
 * subtopic and C above it, a relevant document sits with chance m / n, with C + 1 + p (m - 1) / (n - 1)
 * relevant documents at or above it on average (McSherry and Najork's AP, per subtopic). No slot
 * from `limit` on counts (-M).
 */
export function subtopicPrecisionSum(judged: QueryJudgements, subtopics: readonly (Int32Array | undefined)[], groupEnds: ArrayLike<number>, limit = subtopics.length): number {
  const totals = new Float64Array(judged.subtopics);
  const above = new Float64Array(judged.subtopics);
  const inGroup = new Int32Array(judged.subtopics);
  let start = 0;
  for (let g = 0; g < groupEnds.length && start < limit; g++) {
    const end = groupEnds[g]!;
    const n = end - start;
    const slots = Math.min(n, limit - start);
    for (const j of groupSubtopics(subtopics, start, end, inGroup)) {
      const m = inGroup[j]!;
      let sum = 0;
      for (let p = 0; p < slots; p++) sum += (m / n) * ((above[j]! + 1 + (n > 1 ? (p * (m - 1)) / (n - 1) : 0)) / (start + p + 1));
      totals[j]! += sum;
      above[j]! += m;
      inGroup[j] = 0;
    }
    start = end;
  }
  let sum = 0;
  for (let j = 0; j < judged.subtopics; j++) sum += totals[j]! / judged.relevant[j]!;
  return sum;
}
