import { InputError } from '../core/errors.js';
import { meanOf, type Summation, sumOf } from '../core/means.js';
import { adjustPValues, type Correction } from './adjustPValues.js';
import { pairedTTest } from './pairedTTest.js';
import { randomizationTest } from './randomizationTest.js';
import { exactFlip } from './exactFlip.js';
import { tieFlip, type TieFlip } from './tieFlip.js';

/** One run's per-query values of one measure, queries in the same order for every run. */
export interface RunScores {
  readonly run: string;
  readonly queries: readonly string[];
  readonly values: ArrayLike<number>;
  /** each query's standard deviation over tie orderings (tie mode `sd`), beside `values` in `average` mode: gives each pair its tieFlip */
  readonly spreads?: ArrayLike<number>;
  /**
   * each query's equally likely values over the distinct orderings of its ties (empty: its ties
   * cannot move it; null: too many to list), as evaluateRuns' `orderings` gives them: with every
   * run's, each pair's tieFlip is exact where the law of the difference stays small (see exactFlip)
   */
  readonly orderings?: readonly (ArrayLike<number> | null)[];
}

/** Options of `compareRuns`. */
export interface CompareOptions {
  /** significance level of the discrimination ratio (default 0.05) */
  readonly alpha?: number;
  /** sign flips of the randomization test (default 10,000) */
  readonly permutations?: number;
  /** seed of the randomization test (default 1) */
  readonly seed?: number;
  /** the degradation test compares run b against this factor times run a (default 0.99) */
  readonly degradation?: number;
  /** compare on the queries every run has, instead of refusing runs over different query sets */
  readonly intersect?: boolean;
  /** the multiple-comparison correction of the pairs' p-values: default `holm` for more than two runs, else `none` */
  readonly correction?: Correction;
  /**
   * How a run's value over the queries is made, as the main command's summary: `mean` (default),
   * `sum` (counts), `geometric` (gm_map, gm_bpref). The tests compare the per-query values.
   */
  readonly aggregate?: 'mean' | 'sum' | 'geometric';
  /**
   * How the summary adds the queries, as the main command's for the tie mode the values come
   * from: `exact` (default), or `ordered` in query order as trec_eval (the `trec` mode's; see Summation).
   */
  readonly summation?: Summation;
}

export interface PairComparison {
  readonly a: string;
  readonly b: string;
  /** mean over queries of a - b */
  readonly meanDifference: number;
  readonly t: number;
  /** two-sided paired t-test */
  readonly p: number;
  /** two-sided paired randomization test */
  readonly randomizationP: number;
  /** queries where a scores higher, the same, lower than b */
  readonly wins: number;
  readonly ties: number;
  readonly losses: number;
  /** one-tailed paired t-test of b against degradation × a (p <= alpha: b lost less than 1 - degradation) */
  readonly degradationP: number;
  /** p and randomizationP corrected for the number of pairs (see Comparison.correction) */
  readonly adjustedP: number;
  readonly adjustedRandomizationP: number;
  /** with every run's spreads (and a summary that is not geometric): how the orders of ties could move the pair */
  readonly tieFlip?: TieFlip;
}

export interface Comparison {
  readonly queries: number;
  /** each run's value over the queries compared, made as `aggregate` says */
  readonly means: { readonly run: string; readonly mean: number }[];
  readonly pairs: PairComparison[];
  /** the share of pairs whose t-test p <= alpha (Sakai's discrimination ratio, on the uncorrected p) */
  readonly discriminationRatio: number;
  readonly alpha: number;
  readonly correction: Correction;
}

/**
 * Compares runs on one measure: each run's mean, and for each pair the paired t-test, the
 * paired randomization test and the wins/ties/losses over queries, with the discrimination
 * ratio and the degradation test; with more than two runs the pairs' p-values are also given
 * corrected for their number (Holm by default); with each run's per-query sd over tie orderings
 * (`spreads`, its values then the tie-averaged ones), the chance over those orderings that a's
 * mean beats b's (see tieFlip): exact with each query's values over its orderings (`orderings`)
 * where their law stays small (see exactFlip), else the normal approximation.
 * @throws InputError for fewer than two runs, fewer than two queries, runs over different
 *   query sets (naming the queries that differ) unless `intersect`, or a value that is NaN
 *   (trec_eval's -nan: no test can say what it compares)
 */
export function compareRuns(runs: readonly RunScores[], options: CompareOptions = {}): Comparison {
  const { alpha = 0.05, permutations = 10_000, seed = 1, degradation = 0.99, intersect = false } = options;
  const correction = options.correction ?? (runs.length > 2 ? 'holm' : 'none');
  if (runs.length < 2) throw new InputError(`compare needs at least two runs, got ${runs.length}`);
  if (!(typeof alpha === 'number' && alpha > 0 && alpha < 1)) throw new InputError(`alpha must be a number between 0 and 1, not ${String(alpha)}`);
  const sets = runs.map((r) => new Set(r.queries));
  const common = runs[0]!.queries.filter((q) => sets.every((s) => s.has(q)));
  if (!intersect) {
    const differences = runs.flatMap((r, i) => {
      const missing = [...new Set(runs.flatMap((o) => o.queries))].filter((q) => !sets[i]!.has(q));
      return missing.length === 0 ? [] : [`${r.run} lacks ${missing.length} (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''})`];
    });
    if (differences.length > 0) throw new InputError(`the runs cover different queries: ${differences.join('; ')}; use --intersect to compare on the ${common.length} common ones`);
  }
  if (common.length < 2) throw new InputError(`comparing runs needs at least two common queries, got ${common.length}`);
  const indexes = runs.map((r) => new Map(r.queries.map((q, i) => [q, i])));
  const spreads = runs.every((r) => r.spreads !== undefined) && options.aggregate !== 'geometric' ? runs.map((r, i) => Float64Array.from(common, (q) => r.spreads![indexes[i]!.get(q)!]!)) : undefined;
  const orderings = spreads !== undefined && runs.every((r) => r.orderings !== undefined) ? runs.map((r, i) => common.map((q) => r.orderings![indexes[i]!.get(q)!]!)) : undefined;
  const aligned = runs.map((r, i) => {
    const index = indexes[i]!;
    const values = Float64Array.from(common, (q) => r.values[index.get(q)!]!);
    const nan = values.findIndex((x) => Number.isNaN(x));
    if (nan >= 0) throw new InputError(`${r.run}, query ${common[nan]}: the value is NaN (as trec_eval's -nan), which no test can compare; leave the query out or choose another measure`);
    return values;
  });
  const aggregate = options.aggregate ?? 'mean';
  const means = aligned.map((values, i) => ({ run: runs[i]!.run, mean: aggregate === 'sum' ? sumOf(values, 0, values.length, options.summation) : meanOf(values, 0, values.length, aggregate === 'geometric' ? 'logs' : 'values', options.summation) }));
  const pairs: Omit<PairComparison, 'adjustedP' | 'adjustedRandomizationP'>[] = [];
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const a = aligned[i]!;
      const b = aligned[j]!;
      const t = pairedTTest(a, b);
      let wins = 0;
      let ties = 0;
      for (let q = 0; q < common.length; q++) {
        if (a[q]! > b[q]!) wins++;
        else if (a[q] === b[q]) ties++;
      }
      pairs.push({
        a: runs[i]!.run,
        b: runs[j]!.run,
        meanDifference: t.meanDifference,
        t: t.t,
        p: t.p,
        randomizationP: randomizationTest(a, b, permutations, seed),
        wins,
        ties,
        losses: common.length - wins - ties,
        degradationP: pairedTTest(b, a, 'greater', degradation).p,
        ...(spreads === undefined ? {} : { tieFlip: tieFlip(t.meanDifference, spreads[i]!, spreads[j]!, orderings && exactFlip(a, b, orderings[i]!, orderings[j]!)) }),
      });
    }
  }
  const adjusted = adjustPValues(pairs.map((p) => p.p), correction);
  const adjustedRandomization = adjustPValues(pairs.map((p) => p.randomizationP), correction);
  return {
    queries: common.length,
    means,
    pairs: pairs.map((p, i) => ({ ...p, adjustedP: adjusted[i]!, adjustedRandomizationP: adjustedRandomization[i]! })),
    discriminationRatio: pairs.filter((p) => p.p <= alpha).length / pairs.length,
    alpha,
    correction,
  };
}
