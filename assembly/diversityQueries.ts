import * as B from './diversityBatch';
import * as D from './diversityScratch';
import { diversityQuery } from './diversityQuery';

/**
 * Every query of a checked batch (the glue checks it: checkDiversity), every measure: measure m of
 * query q goes to out[m * Q + q]. A query whose ideal candidates are the one before's reuses its
 * ideal sums. The scratch is laid out at `scratch` for the batch's sizes A, L, I, P and depth (the
 * glue computes them with the reference's diversitySizes and reserves diversityScratchBytes).
 */
export function diversityQueries(rows: usize, subtopics: usize, subtopicCounts: usize, queries: i32, rankingOffsets: usize, ranking: usize, groupOffsets: usize, groupEnds: usize, idealOffsets: usize, ideal: usize, maxRank: i32, sumGroups: usize, groupCount: i32, measures: usize, measureCount: i32, discounts: usize, out: usize, scratch: usize, A: i32, L: i32, I: i32, P: i32, depth: i32): void {
  D.layoutDiversity(scratch, A, L, I, P, groupCount, depth);
  D.rows = rows;
  D.subtopics = subtopics;
  B.subtopicCounts = subtopicCounts;
  B.rankingOffsets = rankingOffsets;
  B.ranking = ranking;
  B.groupOffsets = groupOffsets;
  B.groupEnds = groupEnds;
  B.idealOffsets = idealOffsets;
  B.ideal = ideal;
  B.maxRank = maxRank;
  B.sumGroups = sumGroups;
  B.groupCount = groupCount;
  B.measures = measures;
  B.measureCount = measureCount;
  B.discounts = discounts;
  let kept = false;
  for (let q = 0; q < queries; q++) kept = diversityQuery(q, queries, depth, kept, out);
}
