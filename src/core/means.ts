import { addPartial, ExactSum, PARTIALS_ROOM, roundPartials } from './exactSum.js';

/** trec_eval's floor for a geometric mean's values (MIN_GEO_MEAN): a 0 would make the mean 0. */
const MIN_GEO_MEAN = 0.00001;

/**
 * What a summary adds up per query: the values (a mean or a sum), their logs (a geometric
 * mean: trec_eval's gm_map, gm_bpref), or their squares (the sd mode: each value is a query's
 * standard deviation over tie orderings, and independent queries' variances add).
 */
export type Terms = 'values' | 'logs' | 'squares';

/**
 * How a summary adds its queries' terms: `ordered`, one after the other in query order, as
 * trec_eval does (the `trec` mode, whose digits must be trec_eval's even on exact halves), else
 * `exact`: the correctly rounded sum (ExactSum), which no order of the queries moves, so a
 * file's line order, the blocks `features` streams in and the threads give the same mean.
 */
export type Summation = 'exact' | 'ordered';

/** The summation of a tie mode's summaries: `ordered` for trec_eval's order, else `exact`. */
export function summationOf(mode: string): Summation {
  return mode === 'trec' ? 'ordered' : 'exact';
}

/** The term a summary adds for one value: the value, its log (floored as trec_eval's gm_map) or its square. */
function termOf(value: number, terms: Terms): number {
  return terms === 'logs' ? Math.log(Math.max(value, MIN_GEO_MEAN)) : terms === 'squares' ? value * value : value;
}

/** Adds the terms of values[from..to) to an exact sum (see termOf). */
export function addTerms(sum: ExactSum, values: ArrayLike<number>, from: number, to: number, terms: Terms): void {
  for (let i = from; i < to; i++) sum.add(termOf(values[i]!, terms));
}

/** The sum of the terms of values[from..to) (see termOf), by `summation` (default exact). */
export function termsSum(values: ArrayLike<number>, from: number, to: number, terms: Terms, summation: Summation = 'exact'): number {
  let plain = 0;
  // two terms' plain sum is rounded once already
  if (summation === 'ordered' || to - from <= 2) {
    for (let i = from; i < to; i++) plain += termOf(values[i]!, terms);
    return plain;
  }
  // ExactSum's steps on a scratch array, without an object: a summary in an optimizer's loop allocates nothing
  let count = 0;
  let finite = true;
  for (let i = from; i < to; i++) {
    const x = termOf(values[i]!, terms);
    plain += x;
    if (x === 0 || !finite) continue;
    finite = Number.isFinite(x);
    if (finite) count = addPartial(PARTIALS, count, x);
    finite &&= Number.isFinite(PARTIALS[count - 1]!);
  }
  return finite ? roundPartials(PARTIALS, count) : plain;
}

/** termsSum's partials: a summary is taken in one synchronous call. */
const PARTIALS = new Float64Array(PARTIALS_ROOM);

/**
 * The sum of values[from..to), by `summation` (default exact).
 * @example sumOf([0.1, 0.2, 0.3], 0, 3) // 0.6
 * @example sumOf([0.1, 0.2, 0.3], 0, 3, 'ordered') // 0.6000000000000001, as trec_eval adds them
 */
export function sumOf(values: ArrayLike<number>, from: number, to: number, summation: Summation = 'exact'): number {
  return termsSum(values, from, to, 'values', summation);
}

/**
 * The mean of `count` values whose terms add up to `sum` (see addTerms): the arithmetic or
 * geometric mean, or for squares the standard deviation of the mean, sqrt(sum) / count;
 * NaN when count is 0.
 */
export function meanFromSum(sum: number, count: number, terms: Terms): number {
  if (terms === 'logs') return Math.exp(sum / count);
  return terms === 'squares' ? Math.sqrt(sum) / count : sum / count;
}

/** The total of values whose terms add up to `sum` (a count's summary): the sum, or for squares the standard deviation of the sum, sqrt(sum). */
export function totalFromSum(sum: number, terms: Terms): number {
  return terms === 'squares' ? Math.sqrt(sum) : sum;
}

/**
 * The mean of values[from..to) (NaN when empty) by its terms, summed by `summation` (default
 * exact): with `logs`, exp of the mean of log(max(value, 0.00001)), as trec_eval's gm_map and
 * gm_bpref; with `squares`, the standard deviation of the mean of independent values whose
 * standard deviations these are.
 * @example meanOf([0.5, 2], 0, 2, 'logs') // 1
 * @example meanOf([0.3, 0.4], 0, 2, 'squares') // 0.25: sqrt(0.09 + 0.16) / 2
 */
export function meanOf(values: ArrayLike<number>, from: number, to: number, terms: Terms = 'values', summation: Summation = 'exact'): number {
  return meanFromSum(termsSum(values, from, to, terms, summation), to - from, terms);
}

/** The terms of a summary: the sd mode's squares, a geometric mean's logs, else the values (a geometric mean's sd: geometricSpread). */
export function summaryTerms(geometric: boolean, sd: boolean): Terms {
  return sd ? 'squares' : geometric ? 'logs' : 'values';
}

/**
 * The standard error of a summary (see meanFromSum) of values[from..to) some of which are
 * estimates, independent, with standard errors `errors` (query index to error; the others are
 * exact), by the delta method: sqrt(sum of (d summary / d value)^2 error^2). For `squares` the
 * summary is sqrt(sum of v^2) / n, for `logs` exp(mean of log(max(v, 0.00001))).
 * @example meanError([0.5, 0.5], 0, 2, new Map([[0, 0.02], [1, 0.02]]), 'values') // 0.01414…: sqrt(2 * 0.02^2) / 2
 */
export function meanError(values: ArrayLike<number>, from: number, to: number, errors: ReadonlyMap<number, number>, terms: Terms): number {
  const count = to - from;
  const summary = meanOf(values, from, to, terms);
  let sum = 0;
  for (const [i, error] of errors) {
    if (i < from || i >= to) continue;
    const v = values[i]!;
    const slope = terms === 'logs' ? (v > MIN_GEO_MEAN ? summary / (count * v) : 0) : terms === 'squares' ? (summary > 0 ? v / (count * count * summary) : 0) : 1 / count;
    sum += slope * slope * error * error;
  }
  return Math.sqrt(sum);
}

/**
 * The sd mode's summary of a geometric mean (gm_map, gm_bpref): the standard deviation over tie
 * orderings of exp(mean of log(max(v, 0.00001))), to first order (the delta method), from each
 * query's average `averages[i]` and standard deviation `spreads[i]` (the queries independent):
 * G / n × sqrt(sum of (sd_i / v_i)^2) over the queries above the floor (below it, a value does
 * not move the mean). NaN when empty.
 * @example geometricSpread([0.5, 0.5], [0.1, 0.1], 0, 2) // 0.0707…: 0.5 / 2 × sqrt(2 × 0.2^2)
 */
export function geometricSpread(averages: ArrayLike<number>, spreads: ArrayLike<number>, from: number, to: number): number {
  const mean = meanOf(averages, from, to, 'logs');
  const sum = new ExactSum();
  for (let i = from; i < to; i++) if (averages[i]! > MIN_GEO_MEAN) sum.add((spreads[i]! / averages[i]!) ** 2);
  return (mean / (to - from)) * Math.sqrt(sum.value());
}
