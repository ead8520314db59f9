import { COUNT_CELLS, fillFreeOrders, FREE_ORDERS_SIZE } from './freeOrders';
import { GRADE_COUNTS_SIZE } from './gradeCounts';
import { COUNTED_LEVELS } from './largestDescending';
import { log2 } from './log2';
import { RUNNING_SUM_BYTES, RunningSum } from './runningSum';
import { getF64, setF64 } from './memory';
import { G_COUNTED_SLOTS, GAIN_SIZE, IDEAL_LEVELS_MAX, ROW_SIZE } from './codes';

// Working memory of the kernels, as the reference's Scratch object: regions of linear memory
// placed by layoutScratch (the glue reserves scratchBytes of them) and reused across queries.

/** positions 0..n-1 of the query in rank order (i32) */
export let order: usize = 0;
/** the merge buffer of sortPositions (i32) */
export let spare: usize = 0;
/** a copy of the query's scores for selecting the cut-off score (f64); countGroups' counts of higher scores (i32) */
export let select: usize = 0;
/** end (exclusive) of each group, the tie vector (i32) */
export let groupEnd: usize = 0;
/** relevant count per group and relevance level (f64, stride: levels) */
export let groupRel: usize = 0;
/** judged count (label >= 0) per group (f64) */
export let groupJudged: usize = 0;
/** gain sum per group and gain column (f64, stride: gains) */
export let groupGain: usize = 0;
/** the gain of each grade 0..COUNTED_LEVELS-1 per gain column, for the call's plan, filled below gradesFilled (f64; labelGain) */
export let gradeGains: usize = 0;
/** how many grades of gradeGains the call has filled (clearGradeGains, fillGradeGains) */
export let gradesFilled: i32 = 0;
/** the largest ideal labels of one query, descending (largestDescending; f64, room for all of them) */
export let idealTop: usize = 0;
/** the ideal DCG through each rank of one gain column (f64; step 0), idealRunning[0] = 0 */
export let idealRunning: usize = 0;
/** the labels' counts per value of gradeCounts, largestDescending and missingFromIdeal (i32, GRADE_COUNTS_SIZE: two tables of COUNTED_LEVELS and a slot each) */
export let levelCounts: usize = 0;
/** hypergeometric probabilities for AP(norm=found), IPrec and ERR, and a second buffer ERR's laws take turns with (f64) */
export let pmf: usize = 0;
export let pmf2: usize = 0;
/** discount[j] = 1 / log2(j + 1) for ranks j >= 1 (f64) */
export let discount: usize = 0;
/** logs[j] = log2(j) for 1 <= j <= the discounts' ranks + 1 (f64; G's whole-number arguments), and how many */
export let logs: usize = 0;
export let logCount: i32 = 0;
/** the plan's gain columns' fields as integers, GAIN_SIZE per column (i32; decodePlan fills them) */
export let gainInts: usize = 0;
/** the plan's row fields as integers, ROW_SIZE per measure (i32; decodePlan fills them) */
export let rowInts: usize = 0;
/** the group ends of the judged view: the ranking without its unjudged documents (i32; judged_only, -J after -M) */
export let judgedEnd: usize = 0;
/** work arrays of the kernels that need one or two besides the group table (f64; ERR, infAP, IPrec, G) */
export let work: usize = 0;
export let work2: usize = 0;
/** G's chances of the counts drawn per distinct gain, in two buffers that take turns; a counted group's orders, gain sums and counts drawn per state (f64; room for the plan's stateCount) */
export let states: usize = 0;
export let states2: usize = 0;
export let states3: usize = 0;
/** a counted group's numbers per slot in G: 2 + C_x, C(zeros, i), the states' sum (f64; see countedTerms in g) */
export let gSlots: usize = 0;
/** IPrec's candidate groups (15 numbers each), their candidates' slots, its heap of candidate values (4 numbers each; f64), and the groups a value moves (i32) */
export let iprecGroups: usize = 0;
export let iprecSlots: usize = 0;
export let iprecMarked: usize = 0;
/** the ranks IPrec sweeps at once (7 numbers each, f64; see averageIprec in iprec) */
export let iprecLevels: usize = 0;
/** the counted groups' rows (f64; see countBelow in iprec) */
export let iprecRows: usize = 0;
export let iprecHeap: usize = 0;
/** the running DCG and AP of the current query (see dcg, averagePrecision) */
export let dcgSum: RunningSum = changetype<RunningSum>(0);
export let apSum: RunningSum = changetype<RunningSum>(0);
/** the ideal gains' levels of one query: gain, count pairs (f64; step 0); Rndcg's ranks and ideal DCGs after it (see rndcgTerms) */
export let gainLevels: usize = 0;
/** The interpolated precision values a query keeps for its other rows (see iprec). */
export const IPREC_CACHE: i32 = 32;
/**
 * Room for interpolated precision's counted groups' rows, r (n - r + 1) numbers each (see
 * countBelow in iprec): groups past it are counted from their first candidate at every recount.
 */
export const IPREC_ROW_ROOM: i32 = 8192;
/** interpolated precision's values of the current query: column, relevant rank, value (f64) */
export let iprecCache: usize = 0;

/** documents in the current query's ranking */
export let n: i32 = 0;
/** groups in the current group table */
export let groupCount: i32 = 0;
/** relevance levels: the stride of groupRel */
export let levels: i32 = 0;
/** gain columns: the stride of groupGain */
export let gains: i32 = 0;
/** where a kernel found bad input (position in the query, or -1) */
export let badPosition: i32 = -1;
/** the judged view's ranking length (see judgedView), and whether the view is in place */
export let judgedN: i32 = 0;
export let judgedView: bool = false;
/** how many values iprecCache holds */
export let iprecCached: i32 = 0;
/** in trec_eval's loop, the best precision from each relevant document on (f64; see brokenIprec in iprec), its column (-1: none yet for this query) and count */
export let iprecBest: usize = 0;
export let iprecBestCol: i32 = -1;
export let iprecFound: i32 = 0;
/** the steps of interpolated precision's current sweep (see averageIprec in iprec) */
export let iprecSteps: f64 = 0;
/** the normalisers of cwl_eval's measures, kept for the next query: SDCG's sum of k discounts, INSQ's sum of weights for T (see sdcg in dcg, insq) */
export let sdcgK: f64 = 0;
export let sdcgOnes: f64 = 0;
export let insqT: f64 = NaN;
export let insqTotal: f64 = 0;

/**
 * Bytes of scratch for queries of up to `capacity` documents and `idealCapacity` ideal labels,
 * a plan of these counts, and `stateCount` states for G (0 without G).
 */
export function scratchBytes(capacity: i32, levelCount: i32, gainCount: i32, measureCount: i32, idealCapacity: i32, stateCount: i32): usize {
  const cap = <usize>capacity + 1;
  const table = <usize>max(capacity, idealCapacity) + 1;
  const ints = cap * 5 + <usize>GRADE_COUNTS_SIZE + <usize>gainCount * GAIN_SIZE + <usize>measureCount * ROW_SIZE + <usize>COUNT_CELLS + 1;
  const doubles = cap * (4 + <usize>levelCount + <usize>gainCount) + <usize>gainCount * COUNTED_LEVELS + (<usize>idealCapacity + 2 * table + 1) + cap * (2 + 15 + 1 + 4 + 1) + <usize>IPREC_ROW_ROOM + 3 * <usize>stateCount + 2 * IDEAL_LEVELS_MAX + 3 * (<usize>G_COUNTED_SLOTS + 1) + 10 * <usize>IPREC_CACHE + <usize>FREE_ORDERS_SIZE + (<usize>idealCapacity + 1) + 2 * cap;
  return doubles * 8 + ints * 4 + 2 * RUNNING_SUM_BYTES + 64;
}

/**
 * Places the scratch regions from `base` (8-byte aligned) and fills the discount and free-orders
 * tables. `keepTables` (the calling thread's layouts, not the helpers'): the free-orders table is
 * left as it is where this instance filled it last, at the same places. Nothing writes it after
 * the fill, and a batch's other regions and arrays lie apart from its own table, so only a batch
 * that put the table elsewhere can have written over it, and then the next layout fills it
 * again. A helper's scratch lies past the calling thread's, where a batch with a smaller scratch
 * puts its arrays: helpers fill theirs at every layout. Filling it took most of a one-query call.
 */
export function layoutScratch(base: usize, capacity: i32, levelCount: i32, gainCount: i32, measureCount: i32, idealCapacity: i32, stateCount: i32, keepTables: bool): void {
  const cap = <usize>capacity + 1;
  const table = max(capacity, idealCapacity) + 1;
  select = base;
  groupJudged = select + cap * 8;
  pmf = groupJudged + cap * 8;
  pmf2 = pmf + cap * 8;
  groupRel = pmf2 + cap * 8;
  groupGain = groupRel + cap * <usize>levelCount * 8;
  gradeGains = groupGain + cap * <usize>gainCount * 8;
  idealTop = gradeGains + <usize>gainCount * COUNTED_LEVELS * 8;
  discount = idealTop + <usize>idealCapacity * 8;
  logs = discount + <usize>table * 8;
  logCount = table + 1;
  work = logs + <usize>logCount * 8;
  work2 = work + cap * 8;
  iprecGroups = work2 + cap * 8;
  iprecSlots = iprecGroups + cap * 15 * 8;
  iprecHeap = iprecSlots + cap * 8;
  iprecRows = iprecHeap + cap * 4 * 8;
  iprecBest = iprecRows + <usize>IPREC_ROW_ROOM * 8;
  states = iprecBest + cap * 8;
  states2 = states + <usize>stateCount * 8;
  states3 = states2 + <usize>stateCount * 8;
  gainLevels = states3 + <usize>stateCount * 8;
  gSlots = gainLevels + 2 * <usize>IDEAL_LEVELS_MAX * 8;
  iprecCache = gSlots + 3 * (<usize>G_COUNTED_SLOTS + 1) * 8;
  iprecLevels = iprecCache + 3 * <usize>IPREC_CACHE * 8;
  const freeTable = iprecLevels + 7 * <usize>IPREC_CACHE * 8;
  idealRunning = freeTable + <usize>FREE_ORDERS_SIZE * 8;
  dcgSum = changetype<RunningSum>(idealRunning + (<usize>idealCapacity + 1) * 8);
  dcgSum.values = changetype<usize>(dcgSum) + RUNNING_SUM_BYTES;
  apSum = changetype<RunningSum>(dcgSum.values + cap * 8);
  apSum.values = changetype<usize>(apSum) + RUNNING_SUM_BYTES;
  order = apSum.values + cap * 8;
  spare = order + cap * 4;
  groupEnd = spare + cap * 4;
  judgedEnd = groupEnd + cap * 4;
  iprecMarked = judgedEnd + cap * 4;
  levelCounts = iprecMarked + cap * 4;
  gainInts = levelCounts + <usize>GRADE_COUNTS_SIZE * 4;
  rowInts = gainInts + <usize>gainCount * GAIN_SIZE * 4;
  fillFreeOrders(rowInts + <usize>measureCount * ROW_SIZE * 4, freeTable, keepTables);
  setF64(logs, 1, 0);
  setF64(idealRunning, 0, 0);
  setF64(dcgSum.values, 0, 0);
  setF64(apSum.values, 0, 0);
  for (let j = 1; j < table; j++) {
    setF64(logs, j + 1, log2(<f64>(j + 1)));
    setF64(discount, j, 1 / getF64(logs, j + 1));
  }
}
