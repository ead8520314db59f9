import type { RangePoint } from '../analysis/rangePlot.js';
import type { TieStats } from '../analysis/tieStats.js';

/** A run's tie statistics as `tie-eval ties` prints them (and the web page shows them): the counts, tied% to 2 decimals. */
export function tieStatsCells(s: TieStats): string[] {
  return [s.run, s.lines, s.queries, s.tiedDocuments, s.tiedPercent.toFixed(2), s.queriesWithTies, s.largestGroup, s.risingScores, s.rankContradictions].map(String);
}

/** A measure's means under the regimes of a range as `tie-eval range` prints them: 4 decimals each, then the range (optimistic - pessimistic) as 1.234e-1. */
export function rangeCells(means: Omit<RangePoint, 'run'>): string[] {
  return [...[means.pessimistic, means.average, means.trec, means.optimistic].map((x) => x.toFixed(4)), (means.optimistic - means.pessimistic).toExponential(3)];
}
