import { Depth } from './codes.js';
import type { ParamName } from './params.js';
import { parseMeasure, type MeasureSpec } from './parse.js';

/** Fields of the packed plan's header; the compiled backends read the same layout. */
export const Header = {
  MEASURES: 0,
  LEVELS: 1,
  GAINS: 2,
  CONSTANTS: 3,
  /** -M: positions past it are cut after ordering (in average mode, past the tie group crossing it); 0 = none */
  MAX_RANK: 4,
} as const;
export const HEADER_SIZE = 5;

/** Fields of one measure row in `Plan.rows`; the compiled backends read the same layout. */
export const Row = {
  KIND: 0,
  /** cut-off k, 0 = whole ranking */
  CUTOFF: 1,
  /** column of the measure's relevance level in the group table and in the query constants */
  THRESHOLD: 2,
  /** gain column (DCG, nDCG), else -1 */
  GAIN: 3,
  /** the value of the measure's row parameter (MeasureEntry.param: AP's norm code, RBP's p), else 0 */
  PARAM: 4,
  /** slot of the ideal DCG in the query constants (nDCG), else -1 */
  IDEAL: 5,
  /** how deep the measure reads the ranking (a Depth code) */
  DEPTH: 6,
} as const;
export const ROW_SIZE = 7;

/**
 * The requested measures as the kernels consume them: numbers only, shared columns.
 *
 * Per query the kernels keep one group table whose columns are: the relevant count for each
 * distinct relevance level, the judged count, and the gain sum for each distinct (gain, rel)
 * pair. Per query they also keep `constants`: R for each level, the judged count J of the
 * judgements, then one ideal DCG per nDCG measure.
 */
export interface Plan {
  readonly measures: readonly MeasureSpec[];
  /** Distinct relevance levels (label >= level is relevant): any safe integer >= 1, so not Int32Array. */
  readonly thresholds: Float64Array;
  /** Per gain column: the gain code. */
  readonly gainType: Int32Array;
  /** Per gain column: the relevance level below which the gain is 0. */
  readonly gainRel: Float64Array;
  /** One row of ROW_SIZE numbers per measure (see `Row`). */
  readonly rows: Float64Array;
  /** Numbers kept per query in `constants`: thresholds, judged count, ideal DCGs. */
  readonly constantsPerQuery: number;
  /** Keep the top maxRank positions of each query after ordering (see Header.MAX_RANK); 0 = all. */
  readonly maxRank: number;
  /**
   * The whole plan as one Float64Array, the form the compiled kernels read: the header
   * [M, T, G, C, maxRank] (see Header), then the T levels, the G gain codes, the G gain levels
   * and the M rows.
   */
  readonly packed: Float64Array;
}

/** Index of the judged count in a query's constants. */
export function judgedSlot(plan: Plan): number {
  return plan.thresholds.length;
}

/**
 * Parses the names and lays them out for the kernels; `maxRank` (default 0: none) cuts each
 * ranking after its first maxRank positions once ordered (trec_eval's -M).
 * @throws MeasureNameError for an unknown name (see parseMeasure)
 */
export function compilePlan(names: readonly string[], maxRank = 0): Plan {
  if (!Array.isArray(names) || names.length === 0) throw new TypeError('measures must be a non-empty array of names, e.g. ["AP", "nDCG@10"]');
  const measures = names.map((n) => {
    if (typeof n !== 'string') throw new TypeError(`measure names must be strings, got ${typeof n}`);
    return parseMeasure(n);
  });
  const thresholds: number[] = [];
  const gains: [number, number][] = [];
  let ideals = 0;
  const rows = new Float64Array(measures.length * ROW_SIZE);
  measures.forEach((m, i) => {
    if (!thresholds.includes(m.rel)) thresholds.push(m.rel);
    let gainCol = -1;
    if (m.measure.gainColumn) {
      gainCol = gains.findIndex(([g, r]) => g === m.gain && r === m.rel);
      if (gainCol < 0) gainCol = gains.push([m.gain, m.rel]) - 1;
    }
    const param = m.measure.param;
    const row = rows.subarray(i * ROW_SIZE, (i + 1) * ROW_SIZE);
    row[Row.KIND] = m.kind;
    row[Row.CUTOFF] = m.cutoff;
    row[Row.THRESHOLD] = thresholds.indexOf(m.rel);
    row[Row.GAIN] = gainCol;
    row[Row.PARAM] = param === undefined ? 0 : m[param.name as ParamName];
    row[Row.IDEAL] = m.measure.idealDcg ? ideals++ : -1;
    row[Row.DEPTH] = m.measure.depth === 'relevant' ? Depth.RELEVANT : Depth.CUTOFF;
  });
  // ideal DCG slots follow the R columns and the judged count
  for (let i = 0; i < measures.length; i++) {
    const at = i * ROW_SIZE + Row.IDEAL;
    if (rows[at]! >= 0) rows[at] = rows[at]! + thresholds.length + 1;
  }
  const constantsPerQuery = thresholds.length + 1 + ideals;
  const header = [measures.length, thresholds.length, gains.length, constantsPerQuery, maxRank];
  return {
    measures,
    thresholds: Float64Array.from(thresholds),
    gainType: Int32Array.from(gains.map((g) => g[0])),
    gainRel: Float64Array.from(gains.map((g) => g[1])),
    rows,
    constantsPerQuery,
    maxRank,
    packed: Float64Array.from([...header, ...thresholds, ...gains.map((g) => g[0]), ...gains.map((g) => g[1]), ...rows]),
  };
}
