import { InputError } from '../core/errors.js';
import type { Plan } from './plan.js';
import { DEFAULT_MEASURES, parseAnyMeasure, requestMeasures, type MeasureRequest } from './expandNames.js';
import { parseMeasure } from './parse.js';
import type { MeasureSpec } from './parse.js';
import { MEASURES } from './table.js';

/** The measures whose standard deviation over tie orderings is exact (`ties: 'sd'`), by name. */
export const SD_MEASURES: readonly string[] = MEASURES.filter((m) => m.sd === true).map((m) => m.name);

/**
 * Whether a measure as named has an exact sd: its table entry says so, but a geometric mean's
 * summary (gm_map, gm_bpref) has none.
 */
export function hasSpread(m: MeasureSpec): boolean {
  return m.measure.sd === true && !m.geometric;
}

/** The command line's default measures that have an exact sd (its defaults for `--ties sd`). */
export const SD_DEFAULT_MEASURES: readonly string[] = DEFAULT_MEASURES.filter((name) => hasSpread(parseMeasure(name)));

/**
 * Refuses a plan for the `sd` mode when a measure's summary is a geometric mean (gm_map,
 * gm_bpref: the sd of a geometric mean is not the mean of the queries' sds). Every other measure
 * has an sd: exact where it has a closed form (SD_MEASURES) or few orderings, else estimated
 * from sampled orderings, with its standard error (src/estimate/).
 * @throws InputError naming the measures refused
 */
export function checkSpreads(plan: Plan): void {
  refuse(plan.measures.filter((m) => m.geometric).map((m) => m.name));
}

/**
 * checkSpreads for a run's measure requests, which also know what a plan does not: a geometric
 * summary and the text measures (runid, relstring), which have no number to spread.
 * @throws InputError naming the requests refused (as labelled)
 */
export function checkSpreadRequests(requests: readonly MeasureRequest[]): void {
  refuse(requests.filter((r) => r.text !== undefined || r.aggregate === 'geometric').map((r) => r.label));
}

/**
 * Whether every measure of a list (any spelling, lists such as `P.5,10` expanded, at relevance
 * level `level`) has a closed-form sd over tie orderings, so that views of several regimes
 * (range, plot, compare, the page) add it at the cost of the average (the others' sd is
 * sampled: asked for with the sd mode); a text measure (runid, relstring) has none. `level`
 * defaults to 1, as evaluateRuns' relevanceLevel.
 * @example measuresHaveSpread(['AP', 'P.5,10'], 1) // true
 * @example measuresHaveSpread(['AP', 'infAP'], 1) // false
 */
export function measuresHaveSpread(names: readonly string[], level = 1): boolean {
  return requestMeasures(names, level).every(requestHasSpread);
}

/** Whether a measure request has an exact sd: a number (not runid, relstring), not a geometric mean's summary, and hasSpread. */
function requestHasSpread(r: MeasureRequest): boolean {
  return r.text === undefined && r.aggregate !== 'geometric' && hasSpread(parseAnyMeasure(r.name));
}

function refuse(names: readonly string[]): void {
  const refused = [...new Set(names)];
  if (refused.length > 0) {
    throw new InputError(`ties 'sd': ${refused.join(', ')} ${refused.length > 1 ? 'have' : 'has'} no standard deviation over tie orderings (a geometric mean's or a text's; see docs/measures.md)`);
  }
}
