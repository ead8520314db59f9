import { Depth, Gain, IDEAL_LEVELS_MAX, PlanFlag, RbpGain, RowFlag } from './codes.js';
import type { ParamName } from './params.js';
import { parseAnyMeasure } from './expandNames.js';
import type { MeasureSpec } from './parse.js';

/** Fields of the packed plan's header; the compiled backends read the same layout. */
export const Header = {
  MEASURES: 0,
  LEVELS: 1,
  GAINS: 2,
  CONSTANTS: 3,
  /** -M: positions past it are cut after ordering (the kernels in average mode past the tie group crossing it, which the glue then cuts: src/estimate/maxRankCut.ts); 0 = none */
  MAX_RANK: 4,
  /** PlanFlag bits */
  FLAGS: 5,
  /** numbers in the pool, the plan's last section */
  POOL: 6,
} as const;
export const HEADER_SIZE = 7;

/** Fields of one gain column: its gain code, its relevance level, for a table its pairs' place in the pool, and its GainTransform. */
export const GainField = {
  TYPE: 0,
  REL: 1,
  /** where its label, gain pairs start in the pool */
  TABLE: 2,
  /** how many pairs */
  TABLE_PAIRS: 3,
  TRANSFORM: 4,
} as const;
export const GAIN_SIZE = 5;

/** Fields of one measure row in `Plan.rows`; the compiled backends read the same layout. */
export const Row = {
  KIND: 0,
  /** cut-off k, 0 = whole ranking */
  CUTOFF: 1,
  /** column of the measure's relevance level in the group table and in the query constants */
  THRESHOLD: 2,
  /** its gain column, else -1 */
  GAIN: 3,
  /** the value of the measure's row parameter (MeasureEntry.param), else 0 */
  PARAM: 4,
  /** its slot in the query constants (MeasureEntry.constant), else -1 */
  CONSTANT: 5,
  /** how deep the measure reads the ranking (a Depth code) */
  DEPTH: 6,
  /** RowFlag bits */
  FLAGS: 7,
  /** where its values in the pool start (MeasureEntry.extra) */
  EXTRA: 8,
  /** how many */
  EXTRA_COUNT: 9,
} as const;
export const ROW_SIZE = 10;

/** The query constants a MeasureEntry.constant takes: one number, or a level count and its pairs. */
export const CONSTANT_SIZE = { idealDcg: 1, maxLabel: 1, idealLevels: 1 + 2 * IDEAL_LEVELS_MAX } as const;

/**
 * The requested measures as the kernels consume them: numbers only, shared columns.
 *
 * Per query the kernels keep one group table whose columns are: the relevant count for each
 * distinct relevance level (ascending), the judged count, and the gain sum for each distinct
 * gain column. Per query they also keep `constants`: R for each level, the judged count J of the
 * judgements, then each measure's own constants (ideal DCGs, largest labels, ideal gain levels).
 */
export interface Plan {
  readonly measures: readonly MeasureSpec[];
  /** Distinct relevance levels, ascending (label >= level is relevant): any safe integer >= 1, so not Int32Array. */
  readonly thresholds: Float64Array;
  /** Per gain column: the gain code (see Gain). */
  readonly gainType: Int32Array;
  /** Per gain column: the relevance level below which a linear or exp gain is 0. */
  readonly gainRel: Float64Array;
  /** Per gain column: where its table's label, gain pairs start in `pool` (TABLE gains), and how many. */
  readonly gainTable: Int32Array;
  readonly gainTablePairs: Int32Array;
  /** Per gain column: what it sums of the gain (see GainTransform). */
  readonly gainTransform: Int32Array;
  /** One row of ROW_SIZE numbers per measure (see `Row`). */
  readonly rows: Float64Array;
  /** Numbers the rows and gain columns read: gain tables, recall levels, utility's coefficients. */
  readonly pool: Float64Array;
  /** Numbers kept per query in `constants`: thresholds, judged count, each measure's own. */
  readonly constantsPerQuery: number;
  /** Keep the top maxRank positions of each query after ordering (see Header.MAX_RANK); 0 = all. */
  readonly maxRank: number;
  /** PlanFlag bits: JUDGED_ONLY drops unjudged documents after the maxRank cut; NEEDS_ORDER orders every query. */
  readonly flags: number;
  /** Whether a measure reads the judged view: -J after -M (JUDGED_ONLY), or a judged_only row. */
  readonly views: boolean;
  /**
   * Whether a measure reads the whole ranking whatever R: one of the judged view (its ranks lie
   * anywhere), or one without a cut-off other than R-precision's (Depth.RELEVANT).
   */
  readonly readsAll: boolean;
  /**
   * The whole plan as one Float64Array, the form the compiled kernels read: the header (see
   * Header), the levels, GAIN_SIZE fields per gain column, ROW_SIZE fields per measure, the pool.
   */
  readonly packed: Float64Array;
}

/** Index of the judged count in a query's constants. */
export function judgedSlot(plan: Plan): number {
  return plan.thresholds.length;
}

/** How the run is cut before measuring: trec_eval's -M (maxRank) and -J applied after it (judgedOnly). */
export interface PlanOptions {
  readonly maxRank?: number;
  readonly judgedOnly?: boolean;
}

/** The gain column a spec reads: [type, rel, table] (see MeasureEntry.gainColumn), or undefined. */
function gainColumnOf(m: MeasureSpec): readonly [number, number, readonly number[]] | undefined {
  switch (m.measure.gainColumn) {
    case 'spec':
      return [m.gain, Math.max(1, m.rel), m.gain === Gain.TABLE ? m.list : []];
    case 'labels':
      return [m.gain, 1, m.gain === Gain.TABLE ? m.list : []];
    case 'pool':
      return [Gain.POOL, 1, []];
    case 'scaled':
      return [Gain.SCALED, 1, [m.min_rel, m.max_rel]];
    case 'graded':
      // RBP: the labels unless rel is given without gain=label (then binary)
      return m.rel === 0 || m.gain === RbpGain.LABEL ? [Gain.LINEAR, Math.max(1, m.rel), []] : undefined;
    default:
      return undefined;
  }
}

/** The values a spec takes from the pool (see MeasureEntry.extra). */
function extraOf(m: MeasureSpec): readonly number[] {
  if (m.measure.extra === 'list') return m.list;
  if (m.measure.extra === 'utility') return [m.a, m.b, m.c, m.d, m.docs];
  return [];
}

/**
 * Parses the names and lays them out for the kernels; `options.maxRank` (default 0: none) cuts
 * each ranking after its first maxRank positions once ordered, and `options.judgedOnly` then
 * drops its unjudged documents (trec_eval's -M and -J).
 * @throws MeasureNameError for an unknown name (see parseAnyMeasure)
 */
export function compilePlan(names: readonly string[], options: PlanOptions = {}): Plan {
  if (!Array.isArray(names) || names.length === 0) throw new TypeError('measures must be a non-empty array of names, e.g. ["AP", "nDCG@10"]');
  const measures = names.map((n) => {
    if (typeof n !== 'string') throw new TypeError(`measure names must be strings, got ${typeof n}`);
    return parseAnyMeasure(n);
  });
  // the relevance levels, ascending, so that ERR's levels 1..max sit in consecutive columns
  const levelSet = new Set<number>();
  for (const m of measures) {
    levelSet.add(Math.max(1, m.rel));
    const span = m.measure.levelSpan;
    if (span !== undefined) for (let l = 1; l <= m[span.name as ParamName]; l++) levelSet.add(l);
  }
  const thresholds = [...levelSet].sort((a, b) => a - b);
  const pool: number[] = [];
  const gains: { type: number; rel: number; table: number; pairs: number; transform: number; key: string }[] = [];
  let constants = thresholds.length + 1;
  // rows whose step-0 constant is made of the same inputs (its kind, gain, cut-off) share its
  // slot: all_trec's G, ndcg_rel and Rndcg read one set of ideal gain levels, not three (step 0
  // writes, and first touches, 78 numbers per query instead of 208)
  const constantSlots = new Map<string, number>();
  const rows = new Float64Array(measures.length * ROW_SIZE);
  measures.forEach((m, i) => {
    let gainCol = -1;
    const column = gainColumnOf(m);
    if (column !== undefined) {
      // the column, and with a gain span its positive part and indicator next to it
      const [type, rel, table] = column;
      const span = m.measure.gainSpan ?? 1;
      const key = (transform: number): string => `${type}:${rel}:${transform}:${table.join(',')}`;
      gainCol = gains.findIndex((_, at) => at + span <= gains.length && Array.from({ length: span }, (_, t) => gains[at + t]!.key === key(t)).every(Boolean));
      if (gainCol < 0) {
        gainCol = gains.length;
        const at = pool.push(...table) - table.length;
        for (let t = 0; t < span; t++) gains.push({ type, rel, table: at, pairs: table.length / 2, transform: t, key: key(t) });
      }
    }
    const param = m.measure.param;
    const extra = extraOf(m);
    // RBP scales its graded gains by the largest label; binary and raw labels are not scaled
    const constant = m.measure.constant === undefined || (m.measure.gainColumn === 'graded' && (gainCol < 0 || m.gain === RbpGain.LABEL)) ? undefined : m.measure.constant;
    const row = rows.subarray(i * ROW_SIZE, (i + 1) * ROW_SIZE);
    row[Row.KIND] = m.kind;
    row[Row.CUTOFF] = m.measure.cutoff === 'recall' ? 0 : m.cutoff;
    row[Row.THRESHOLD] = thresholds.indexOf(Math.max(1, m.rel));
    row[Row.GAIN] = gainCol;
    row[Row.PARAM] = m.measure.cutoff === 'recall' ? m.cutoff : param === undefined ? 0 : m[param.name as ParamName];
    row[Row.CONSTANT] = -1;
    if (constant !== undefined) {
      const key = `${constant}:${gains[gainCol]?.key}:${row[Row.CUTOFF]}`;
      const shared = constantSlots.get(key);
      row[Row.CONSTANT] = shared ?? constants;
      if (shared === undefined) {
        constantSlots.set(key, constants);
        constants += CONSTANT_SIZE[constant];
      }
    }
    row[Row.DEPTH] = m.measure.depth === 'relevant' ? Depth.RELEVANT : Depth.CUTOFF;
    row[Row.FLAGS] = m.judged_only === 1 ? RowFlag.JUDGED_ONLY : 0;
    row[Row.EXTRA] = extra.length === 0 ? 0 : pool.push(...extra) - extra.length;
    row[Row.EXTRA_COUNT] = extra.length;
  });
  const maxRank = options.maxRank ?? 0;
  // gains other than whole numbers (tables, scaled, exp's past 2^53) can round when summed: their
  // sums must not follow the input's order inside a group (see PlanFlag.NEEDS_ORDER)
  const rounding = gains.some((g) => g.type === Gain.TABLE || g.type === Gain.SCALED || g.type === Gain.EXP);
  const flags = (options.judgedOnly === true ? PlanFlag.JUDGED_ONLY : 0) | (rounding || measures.some((m) => m.measure.needsOrder === true) ? PlanFlag.NEEDS_ORDER : 0);
  const header = [measures.length, thresholds.length, gains.length, constants, maxRank, flags, pool.length];
  // once per plan, not per query: what evaluateQuery's depth needs of the rows
  let views = (flags & PlanFlag.JUDGED_ONLY) !== 0;
  for (let row = 0; row < measures.length; row++) views = views || (rows[row * ROW_SIZE + Row.FLAGS]! & RowFlag.JUDGED_ONLY) !== 0;
  let readsAll = views;
  for (let row = 0; row < measures.length; row++) readsAll = readsAll || (rows[row * ROW_SIZE + Row.DEPTH] !== Depth.RELEVANT && !(rows[row * ROW_SIZE + Row.CUTOFF]! > 0));
  const gainFields = gains.flatMap((g) => [g.type, g.rel, g.table, g.pairs, g.transform]);
  return {
    measures,
    thresholds: Float64Array.from(thresholds),
    gainType: Int32Array.from(gains.map((g) => g.type)),
    gainRel: Float64Array.from(gains.map((g) => g.rel)),
    gainTable: Int32Array.from(gains.map((g) => g.table)),
    gainTablePairs: Int32Array.from(gains.map((g) => g.pairs)),
    gainTransform: Int32Array.from(gains.map((g) => g.transform)),
    rows,
    pool: Float64Array.from(pool),
    constantsPerQuery: constants,
    maxRank,
    flags,
    views,
    readsAll,
    packed: Float64Array.from([...header, ...thresholds, ...gainFields, ...rows, ...pool]),
  };
}
