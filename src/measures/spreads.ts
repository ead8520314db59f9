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
