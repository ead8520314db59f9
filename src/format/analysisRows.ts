import type { RangePoint } from '../analysis/rangePlot.js';
import type { TieStats } from '../analysis/tieStats.js';

/** A run's tie statistics as `tie-eval ties` prints them (and the web page shows them): the counts, tied% to 2 decimals. */
export function tieStatsCells(s: TieStats): string[] {
  return [s.run, s.lines, s.queries, s.tiedDocuments, s.tiedPercent.toFixed(2), s.queriesWithTies, s.largestGroup, s.risingScores, s.rankContradictions].map(String);
}

/** A measure's means under the regimes of a range as `tie-eval range` prints them, then the range (optimistic - pessimistic) and the sd of the mean over tie orderings (`-` without one): 4 decimals each. */
export function rangeCells(means: Omit<RangePoint, 'run'>): string[] {
  return [...[means.pessimistic, means.average, means.trec, means.optimistic, means.optimistic - means.pessimistic].map((x) => x.toFixed(4)), means.sd === undefined ? '-' : means.sd.toFixed(4)];
}

/**
 * A p-value as compare prints it: four decimals, one that would print as 0.0000 as `<0.0001`.
 * @example formatP(0.04321) // '0.0432'
 */
export function formatP(p: number): string {
  return p < 0.00005 ? '<0.0001' : p.toFixed(4);
}

/** What compare's tie column says, and the pairs whose order ties could flip, printed under its legend. */
export function tieFlipLegend(flippable: readonly string[]): string {
  return [
    "P(a>b) ties: the chance over the orders of the tied documents (both runs', independent) that a's mean is above b's:",
    "  exact, from every ordering, where each query has at most 1,000; ~ marks the normal approximation from each query's exact sd (--ties sd)",
    flippable.length === 0 ? 'ties could flip no pair (every P(a>b) ties is at most 0.05 or at least 0.95)' : `ties could flip (P(a>b) ties between 0.05 and 0.95): ${flippable.join(', ')}`,
    '',
  ].join('\n');
}

/** What compare's columns say, printed under its table. */
export function compareLegend(correction: string, degradation: number, permutations: number): string {
  return [
    'a-b: mean of a minus mean of b; t: the paired t statistic of a - b',
    't-test p: two-sided paired t-test of a = b; randomization p: two-sided paired randomization test of a = b',
    `  (${permutations} permutations)${correction === 'none' ? '' : `; ${correction}: the p-values corrected for the pairs' multiple comparisons (${correction === 'holm' ? 'Holm' : 'Bonferroni'})`}`,
    'wins/ties/losses: queries where a scores above, equal to, below b',
    `degradation p: one-tailed paired t-test of b > ${degradation} a (small: b lost less than ${Math.round((1 - degradation) * 1e6) / 1e4}% against a)`,
    '',
  ].join('\n');
}
