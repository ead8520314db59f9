import { DEPTH_RELEVANT, GAIN_FIELD_REL, GAIN_FIELD_TABLE, GAIN_FIELD_TABLE_PAIRS, GAIN_FIELD_TRANSFORM, GAIN_FIELD_TYPE, GAIN_SIZE, HEADER_CONSTANTS, HEADER_FLAGS, HEADER_GAINS, HEADER_LEVELS, HEADER_MAX_RANK, HEADER_MEASURES, HEADER_SIZE, PLAN_FLAG_JUDGED_ONLY, ROW_CUTOFF, ROW_DEPTH, ROW_FLAG_JUDGED_ONLY, ROW_FLAGS, ROW_SIZE } from './codes';
import { getF64, getI32, setI32 } from './memory';
import * as S from './scratch';

// The packed plan (src/measures/plan.ts): a header (measures M, levels T, gain columns G,
// constants per query C, maxRank, flags, pool size P), then T levels, GAIN_SIZE fields per gain
// column, ROW_SIZE fields per measure row, and P pool numbers (codes.ts names the fields).
// Every number is an f64. decodePlan reads the header once per batch into globals, which the
// kernels' stores to memory cannot alias; so unlike their TypeScript and C++ twins, the
// per-query kernels here take no plan argument.

let measureCount: i32 = 0;
let levelCount: i32 = 0;
let gainCount: i32 = 0;
let constantCount: i32 = 0;
let maxRankValue: f64 = 0;
let flagBits: i32 = 0;
let thresholds: usize = 0;
let gainFields: usize = 0;
let rows: usize = 0;
let poolValues: usize = 0;
let viewsJudged = false;
let readsAllRanks = false;

/** Reads the plan at `plan` for the kernels that follow (the scratch must be laid out: see gainInts). */
export function decodePlan(plan: usize): void {
  measureCount = <i32>getF64(plan, HEADER_MEASURES);
  levelCount = <i32>getF64(plan, HEADER_LEVELS);
  gainCount = <i32>getF64(plan, HEADER_GAINS);
  constantCount = <i32>getF64(plan, HEADER_CONSTANTS);
  maxRankValue = getF64(plan, HEADER_MAX_RANK);
  flagBits = <i32>getF64(plan, HEADER_FLAGS);
  thresholds = plan + (<usize>HEADER_SIZE << 3);
  gainFields = thresholds + (<usize>levelCount << 3);
  rows = gainFields + (<usize>(GAIN_SIZE * gainCount) << 3);
  poolValues = rows + (<usize>(ROW_SIZE * measureCount) << 3);
  // the gain columns' codes and the rows' fields as integers, once: an f64 to i32 conversion is
  // a round, a convert and a range check in the engine, too much to do for every document as
  // gainOf is called, or for every query and measure
  for (let c = 0; c < gainCount; c++) {
    for (let f = 0; f < GAIN_SIZE; f++) setI32(S.gainInts, c * GAIN_SIZE + f, <i32>getF64(gainFields, c * GAIN_SIZE + f));
  }
  for (let p = 0; p < measureCount * ROW_SIZE; p++) setI32(S.rowInts, p, <i32>getF64(rows, p));
  // once per plan, not per query: what evaluateQuery's depth needs of the rows
  viewsJudged = (flagBits & PLAN_FLAG_JUDGED_ONLY) != 0;
  for (let row = 0; row < measureCount; row++) viewsJudged = viewsJudged || (rowInt(row, ROW_FLAGS) & ROW_FLAG_JUDGED_ONLY) != 0;
  readsAllRanks = viewsJudged;
  for (let row = 0; row < measureCount; row++) readsAllRanks = readsAllRanks || (rowInt(row, ROW_DEPTH) != DEPTH_RELEVANT && !(rowField(row, ROW_CUTOFF) > 0));
}

@inline export function planMeasures(): i32 {
  return measureCount;
}

@inline export function planLevels(): i32 {
  return levelCount;
}

@inline export function planGains(): i32 {
  return gainCount;
}

@inline export function planConstants(): i32 {
  return constantCount;
}

/** -M: positions past it are cut after ordering (0: none). */
@inline export function maxRank(): f64 {
  return maxRankValue;
}

/** PLAN_FLAG_ bits. */
@inline export function planFlags(): i32 {
  return flagBits;
}

/** Whether a measure reads the judged view: -J after -M, or a judged_only row. */
@inline export function planViews(): bool {
  return viewsJudged;
}

/**
 * Whether a measure reads the whole ranking whatever R: one of the judged view (its ranks lie
 * anywhere), or one without a cut-off other than R-precision's (DEPTH_RELEVANT).
 */
@inline export function planReadsAll(): bool {
  return readsAllRanks;
}

@inline export function threshold(t: i32): f64 {
  return getF64(thresholds, t);
}

/** Integer field `field` (a GAIN_FIELD_ index) of gain column `c`, as decodePlan converted it. */
@inline export function gainInt(c: i32, field: i32): i32 {
  return getI32(S.gainInts, c * GAIN_SIZE + field);
}

@inline export function gainType(c: i32): i32 {
  return gainInt(c, GAIN_FIELD_TYPE);
}

@inline export function gainRel(c: i32): f64 {
  return getF64(gainFields, c * GAIN_SIZE + GAIN_FIELD_REL);
}

@inline export function gainTable(c: i32): i32 {
  return gainInt(c, GAIN_FIELD_TABLE);
}

@inline export function gainTablePairs(c: i32): i32 {
  return gainInt(c, GAIN_FIELD_TABLE_PAIRS);
}

@inline export function gainTransform(c: i32): i32 {
  return gainInt(c, GAIN_FIELD_TRANSFORM);
}

/** Field `field` of measure row `row`. */
@inline export function rowField(row: i32, field: i32): f64 {
  return getF64(rows, row * ROW_SIZE + field);
}

/** Integer field `field` (kind, columns, slots, flags) of measure row `row`, as decodePlan converted it. */
@inline export function rowInt(row: i32, field: i32): i32 {
  return getI32(S.rowInts, row * ROW_SIZE + field);
}

/** Number `i` of the pool (gain tables, recall levels, utility's coefficients). */
@inline export function pool(i: i32): f64 {
  return getF64(poolValues, i);
}

/** Index of the judged count in a query's constants. */
@inline export function judgedSlot(): i32 {
  return levelCount;
}
