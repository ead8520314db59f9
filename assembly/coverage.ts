import * as D from './diversityScratch';
import { groupSubtopics } from './groupSubtopics';
import { getF64, getI32, getU32, setF64, setI32 } from './memory';

/**
 * P-IA@k's count: the (document, subtopic) pairs of relevance in the top k of a ranking (as
 * rankingSums takes it), its mean over the orders of each tie group (a group crossing k gives
 * (k - start) / n of its pairs).
 */
export function relevantPairs(ranking: usize, first: i32, groupEnds: usize, groupFirst: i32, groupCount: i32, k: i32): f64 {
  let count: f64 = 0;
  let start = 0;
  for (let g = 0; g < groupCount && start < k; g++) {
    const end = getI32(groupEnds, groupFirst + g);
    let pairs = 0;
    for (let i = first + start; i < first + end; i++) {
      const row = getI32(ranking, i);
      if (row >= 0) pairs += getU32(D.rows, row + 1) - getU32(D.rows, row);
    }
    count += end <= k ? <f64>pairs : (<f64>pairs * <f64>(k - start)) / <f64>(end - start);
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
export function coveredSubtopics(ranking: usize, first: i32, groupEnds: usize, groupFirst: i32, groupCount: i32, k: i32): f64 {
  for (let j = 0; j < D.subtopicCount; j++) setI32(D.covered, j, 0);
  let count: f64 = 0;
  let start = 0;
  for (let g = 0; g < groupCount && start < k; g++) {
    const end = getI32(groupEnds, groupFirst + g);
    const n = end - start;
    groupSubtopics(ranking, first + start, first + end);
    for (let at = 0; at < D.presentCount; at++) {
      const j = getI32(D.present, at);
      if (getI32(D.covered, j) == 0) {
        if (end <= k) count++;
        else {
          const r = k - start;
          let none: f64 = 1;
          for (let i = 0; i < r && none > 0; i++) none *= <f64>(n - getI32(D.inGroup, j) - i) / <f64>(n - i);
          count += 1 - none;
        }
        setI32(D.covered, j, 1);
      }
      setI32(D.inGroup, j, 0);
    }
    start = end;
  }
  return count;
}

/**
 * MAP-IA's sum: over the subtopics, the sum of precision (for that subtopic) at each document
 * relevant to it, over every rank, divided by its relevant documents (D.relevant); the mean over
 * the orders of each tie group: at slot p of a group of n at `start`, m of its documents relevant
 * to the subtopic and C above it, a relevant document sits with chance m / n, with
 * C + 1 + p (m - 1) / (n - 1) relevant documents at or above it on average (McSherry and Najork's
 * AP, per subtopic). No slot from `limit` on counts (-M).
 */
export function subtopicPrecisionSum(ranking: usize, first: i32, groupEnds: usize, groupFirst: i32, groupCount: i32, limit: i32): f64 {
  for (let j = 0; j < D.subtopicCount; j++) {
    setF64(D.totals, j, 0);
    setF64(D.above, j, 0);
  }
  let start = 0;
  for (let g = 0; g < groupCount && start < limit; g++) {
    const end = getI32(groupEnds, groupFirst + g);
    const n = end - start;
    const slots = min(n, limit - start);
    groupSubtopics(ranking, first + start, first + end);
    for (let at = 0; at < D.presentCount; at++) {
      const j = getI32(D.present, at);
      const m = <f64>getI32(D.inGroup, j);
      let sum: f64 = 0;
      for (let p = 0; p < slots; p++) sum += (m / <f64>n) * ((getF64(D.above, j) + 1 + (n > 1 ? (<f64>p * (m - 1)) / <f64>(n - 1) : 0)) / <f64>(start + p + 1));
      setF64(D.totals, j, getF64(D.totals, j) + sum);
      setF64(D.above, j, getF64(D.above, j) + m);
      setI32(D.inGroup, j, 0);
    }
    start = end;
  }
  let sum: f64 = 0;
  for (let j = 0; j < D.subtopicCount; j++) sum += getF64(D.totals, j) / getF64(D.relevant, j);
  return sum;
}
