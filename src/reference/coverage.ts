import type { DiversityScratch } from './diversityScratch.js';
import { groupSubtopics } from './groupSubtopics.js';

/**
 * P-IA@k's count: the (document, subtopic) pairs of relevance in the top k of a ranking (as
 * rankingSums takes it), its mean over the orders of each tie group (a group crossing k gives
 * (k - start) / n of its pairs).
 */
export function relevantPairs(s: DiversityScratch, ranking: Int32Array, first: number, groupEnds: Int32Array, groupFirst: number, groupCount: number, k: number): number {
  let count = 0;
  let start = 0;
  for (let g = 0; g < groupCount && start < k; g++) {
    const end = groupEnds[groupFirst + g]!;
    let pairs = 0;
    for (let i = first + start; i < first + end; i++) {
      const row = ranking[i]!;
      if (row >= 0) pairs += s.rows[row + 1]! - s.rows[row]!;
    }
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
export function coveredSubtopics(s: DiversityScratch, ranking: Int32Array, first: number, groupEnds: Int32Array, groupFirst: number, groupCount: number, k: number): number {
  for (let j = 0; j < s.subtopicCount; j++) s.covered[j] = 0;
  let count = 0;
  let start = 0;
  for (let g = 0; g < groupCount && start < k; g++) {
    const end = groupEnds[groupFirst + g]!;
    const n = end - start;
    groupSubtopics(s, ranking, first + start, first + end);
    for (let at = 0; at < s.presentCount; at++) {
      const j = s.present[at]!;
      if (s.covered[j] === 0) {
        if (end <= k) count++;
        else {
          const r = k - start;
          let none = 1;
          for (let i = 0; i < r && none > 0; i++) none *= (n - s.inGroup[j]! - i) / (n - i);
          count += 1 - none;
        }
        s.covered[j] = 1;
      }
      s.inGroup[j] = 0;
    }
    start = end;
  }
  return count;
}

/**
 * MAP-IA's sum: over the subtopics, the sum of precision (for that subtopic) at each document
 * relevant to it, over every rank, divided by its relevant documents (s.relevant); the mean over
 * the orders of each tie group: at slot p of a group of n at `start`, m of its documents relevant
 * to the subtopic and C above it, a relevant document sits with chance m / n, with
 * C + 1 + p (m - 1) / (n - 1) relevant documents at or above it on average (McSherry and Najork's
 * AP, per subtopic). No slot from `limit` on counts (-M).
 */
export function subtopicPrecisionSum(s: DiversityScratch, ranking: Int32Array, first: number, groupEnds: Int32Array, groupFirst: number, groupCount: number, limit: number): number {
  for (let j = 0; j < s.subtopicCount; j++) {
    s.totals[j] = 0;
    s.above[j] = 0;
  }
  let start = 0;
  for (let g = 0; g < groupCount && start < limit; g++) {
    const end = groupEnds[groupFirst + g]!;
    const n = end - start;
    const slots = Math.min(n, limit - start);
    groupSubtopics(s, ranking, first + start, first + end);
    for (let at = 0; at < s.presentCount; at++) {
      const j = s.present[at]!;
      const m = s.inGroup[j]!;
      let sum = 0;
      for (let p = 0; p < slots; p++) sum += (m / n) * ((s.above[j]! + 1 + (n > 1 ? (p * (m - 1)) / (n - 1) : 0)) / (start + p + 1));
      s.totals[j]! += sum;
      s.above[j]! += m;
      s.inGroup[j] = 0;
    }
    start = end;
  }
  let sum = 0;
  for (let j = 0; j < s.subtopicCount; j++) sum += s.totals[j]! / s.relevant[j]!;
  return sum;
}
