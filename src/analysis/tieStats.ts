import { readRun } from '../io/readRun.js';

/** 002's Table 1 for one run: how often its scores tie, and how its lines disagree with its scores and ranks. */
export interface TieStats {
  readonly run: string;
  readonly lines: number;
  readonly queries: number;
  /** documents whose score equals their predecessor's, each query sorted by score descending, then rank ascending */
  readonly tiedDocuments: number;
  /** tiedDocuments as a percentage of lines */
  readonly tiedPercent: number;
  /** queries with at least one tie */
  readonly queriesWithTies: number;
  /** the largest group of equal scores in one query */
  readonly largestGroup: number;
  /** lines whose score is higher than the line before in the same query (file order): the exponent-format sorting bug */
  readonly risingScores: number;
  /** adjacent documents, after sorting by score descending then rank ascending, whose ranks are in the opposite order */
  readonly rankContradictions: number;
}

/** The tie statistics of one query, from its scores and rank fields in file order. */
export function queryTieStats(scores: ArrayLike<number>, ranks: ArrayLike<number>): { tied: number; largest: number; rising: number; contradictions: number } {
  let rising = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[i - 1]!) rising++;
  const order = Array.from(scores, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || ranks[a]! - ranks[b]! || a - b);
  let tied = 0;
  let largest = scores.length > 0 ? 1 : 0;
  let group = 1;
  let contradictions = 0;
  for (let i = 1; i < order.length; i++) {
    const a = order[i - 1]!;
    const b = order[i]!;
    if (scores[b] === scores[a]) {
      tied++;
      largest = Math.max(largest, ++group);
    } else {
      group = 1;
      if (ranks[a]! > ranks[b]!) contradictions++;
    }
  }
  return { tied, largest, rising, contradictions };
}

/** Reads a run and counts its ties (002's Table 1). */
export async function tieStats(runPath: string): Promise<TieStats> {
  let lines = 0;
  let queries = 0;
  let tiedDocuments = 0;
  let queriesWithTies = 0;
  let largestGroup = 0;
  let risingScores = 0;
  let rankContradictions = 0;
  await readRun(runPath, (q) => {
    const s = queryTieStats(q.scores, q.ranks);
    lines += q.scores.length;
    queries++;
    tiedDocuments += s.tied;
    if (s.tied > 0) queriesWithTies++;
    largestGroup = Math.max(largestGroup, s.largest);
    risingScores += s.rising;
    rankContradictions += s.contradictions;
  });
  return { run: runPath, lines, queries, tiedDocuments, tiedPercent: (100 * tiedDocuments) / lines, queriesWithTies, largestGroup, risingScores, rankContradictions };
}
