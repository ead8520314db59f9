import type { DiversityBatch } from '../backends/backend.js';
import { diversityQuery } from './diversityQuery.js';
import type { DiversityScratch } from './diversityScratch.js';

/**
 * What a batch's scratch must hold (see DiversityScratch): [A, L, I, P], the most subtopics of a
 * query, the longest ranking (a run's or an ideal's), the most ideal candidates, the most (document, subtopic) pairs of a
 * ranking; and the sums' depth, the deepest sum group's.
 */
export function diversitySizes(b: DiversityBatch): [number, number, number, number, number] {
  const queries = b.subtopicCounts.length;
  let A = 0;
  let L = 0;
  let I = 0;
  let P = 0;
  for (let q = 0; q < queries; q++) {
    A = Math.max(A, b.subtopicCounts[q]!);
    L = Math.max(L, b.rankingOffsets[q + 1]! - b.rankingOffsets[q]!);
    I = Math.max(I, b.idealOffsets[q + 1]! - b.idealOffsets[q]!);
    L = Math.max(L, I);
    let pairs = 0;
    for (let i = b.rankingOffsets[q]!; i < b.rankingOffsets[q + 1]!; i++) {
      const row = b.ranking[i]!;
      if (row >= 0) pairs += b.rows[row + 1]! - b.rows[row]!;
    }
    P = Math.max(P, pairs);
  }
  let depth = 0;
  for (let g = 0; g < b.sumGroups.length / 4; g++) depth = Math.max(depth, b.sumGroups[4 * g + 2]!);
  return [A, L, I, P, depth];
}

/**
 * Every query of a checked batch (see checkDiversity), every measure: measure m of query q goes
 * to out[m * Q + q]. A query whose ideal candidates are the one before's reuses its ideal sums.
 */
export function diversityQueries(b: DiversityBatch, s: DiversityScratch, out: Float64Array): void {
  const [A, L, I, P, depth] = diversitySizes(b);
  s.reserve(A, L, I, P, b.sumGroups.length / 4, depth);
  s.rows = b.rows;
  s.subtopics = b.subtopics;
  const queries = b.subtopicCounts.length;
  let kept = false;
  for (let q = 0; q < queries; q++) kept = diversityQuery(s, b, q, queries, depth, kept, out);
}
