/** A run's tie statistics: how often its scores tie, and how its lines disagree with its scores and ranks. */
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

/**
 * Counts the ties of a run query by query (give it each query readRun reads), for `TieStats`.
 * @example
 * const counter = new TieCounter();
 * counter.add({ scores: [3, 2, 2], ranks: [1, 2, 3] });
 * counter.result('run').tiedDocuments // 1
 */
export class TieCounter {
  private lines = 0;
  private queries = 0;
  private tiedDocuments = 0;
  private queriesWithTies = 0;
  private largestGroup = 0;
  private risingScores = 0;
  private rankContradictions = 0;

  /** Counts one query: its scores and rank fields in file order. */
  add(query: { readonly scores: ArrayLike<number>; readonly ranks: ArrayLike<number> }): void {
    const s = queryTieStats(query.scores, query.ranks);
    this.lines += query.scores.length;
    this.queries++;
    this.tiedDocuments += s.tied;
    if (s.tied > 0) this.queriesWithTies++;
    this.largestGroup = Math.max(this.largestGroup, s.largest);
    this.risingScores += s.rising;
    this.rankContradictions += s.contradictions;
  }

  /** Forgets the queries counted so far (a run read again: see readRun's onRestart). */
  reset(): void {
    this.lines = this.queries = this.tiedDocuments = this.queriesWithTies = this.largestGroup = this.risingScores = this.rankContradictions = 0;
  }

  /** The statistics of the queries counted so far, under the run's name. */
  result(run: string): TieStats {
    const { lines, queries, tiedDocuments, queriesWithTies, largestGroup, risingScores, rankContradictions } = this;
    return { run, lines, queries, tiedDocuments, tiedPercent: (100 * tiedDocuments) / lines, queriesWithTies, largestGroup, risingScores, rankContradictions };
  }
}
