import { G_COUNTED_SLOTS, IDEAL_LEVELS_MAX } from '../measures/codes.js';
import { log2 } from './log2.js';
import { RunningSum } from './runningSum.js';

/** Ideal labels spanning fewer values than this (largest - smallest + 1) are counted per value by missingFromIdeal; others are sorted (largestDescending's bound in the compiled kernels). */
export const COUNTED_LEVELS = 64;

/** The interpolated precision values a query keeps for its other rows (see iprec). */
export const IPREC_CACHE = 32;

/**
 * Room for interpolated precision's counted groups' rows, r (n - r + 1) numbers each (see
 * countBelow in iprec) and carried groups' rows ((r - first + 1)(r + 1) each, see carriedBelow):
 * groups past it are counted from their first candidate (carried: from r) at every recount.
 */
export const IPREC_ROW_ROOM = 8192;

/**
 * Working memory of the reference kernels, grown on demand and reused across queries so a
 * batch allocates only when a query is larger than every one before it.
 */
export class Scratch {
  /** documents in the current query's ranking */
  n = 0;
  /** groups in the current group table */
  groupCount = 0;
  /** relevance levels: the stride of groupRel */
  levels = 0;
  /** gain columns: the stride of groupGain */
  gains = 0;
  /** where a kernel found bad input (position in the query, or -1) */
  badPosition = -1;
  /** the judged view's ranking length (see judgedView), and whether the view is in place */
  judgedN = 0;
  judgedView = false;
  /** positions 0..n-1 of the query in rank order */
  order = new Int32Array(0);
  /** a copy of the query's scores for selecting the cut-off score */
  select = new Float64Array(0);
  /** end (exclusive) of each group, i.e. the tie vector t_2..t_{m+1} */
  groupEnd = new Int32Array(0);
  /** relevant count per group and relevance level (stride: levels) */
  groupRel = new Float64Array(0);
  /** judged count (label >= 0) per group */
  groupJudged = new Float64Array(0);
  /** gain sum per group and gain column (stride: gain columns) */
  groupGain = new Float64Array(0);
  /** the ideal labels of one query, sorted descending */
  ideal = new Float64Array(0);
  /** missingFromIdeal's count per ideal label value */
  levelCounts = new Int32Array(COUNTED_LEVELS);
  /** the ideal DCG through each rank of one gain column (step 0), idealRunning[0] = 0 */
  idealRunning = new Float64Array(1);
  /** hypergeometric probabilities for AP(norm=found), IPrec and ERR, and a second buffer ERR's laws take turns with */
  pmf = new Float64Array(0);
  pmf2 = new Float64Array(0);
  /** the group ends of the judged view: the ranking without its unjudged documents (judged_only, -J after -M) */
  judgedEnd = new Int32Array(0);
  /** work arrays of the kernels that need one or two besides the group table (ERR, infAP, IPrec) */
  work = new Float64Array(0);
  work2 = new Float64Array(0);
  /** G's chances of the counts drawn per distinct gain, in two buffers that take turns; a counted group's orders, gain sums and counts drawn per state */
  states = new Float64Array(0);
  states2 = new Float64Array(0);
  states3 = new Float64Array(0);
  /** a counted group's numbers per slot in G: 2 + C_x, C(zeros, i), the states' sum (see countedTerms in g) */
  gSlots = new Float64Array(3 * (G_COUNTED_SLOTS + 1));
  /** IPrec's candidate groups (15 numbers each), their candidates' slots, its heap of candidate values (4 numbers each), and the groups a value moves */
  iprecGroups = new Float64Array(0);
  iprecSlots = new Float64Array(0);
  iprecMarked = new Int32Array(0);
  /** the ranks IPrec sweeps at once (7 numbers each; see averageIprec in iprec) */
  iprecLevels = new Float64Array(7 * IPREC_CACHE);
  /** the counted and carried groups' rows (see countBelow, carriedBelow in iprec) */
  iprecRows = new Float64Array(IPREC_ROW_ROOM);
  iprecHeap = new Float64Array(0);
  /** interpolated precision's values of the current query: column, relevant rank, value; how many */
  iprecCache = new Float64Array(3 * IPREC_CACHE);
  iprecCached = 0;
  /** in trec_eval's loop, the best precision from each relevant document on (see brokenIprec in iprec), its column (-1: none yet for this query) and count */
  iprecBest = new Float64Array(0);
  iprecBestCol = -1;
  iprecFound = 0;
  /** the steps of interpolated precision's current sweep (see averageIprec in iprec) */
  iprecSteps = 0;
  /** the normalisers of cwl_eval's measures, kept for the next query: SDCG's sum of k discounts, INSQ's sum of weights for T (see sdcg in dcg, insq) */
  sdcgK = 0;
  sdcgOnes = 0;
  insqT = NaN;
  insqTotal = 0;
  /** the running DCG and AP of the current query (see dcg, averagePrecision) */
  dcgSum = new RunningSum();
  apSum = new RunningSum();
  /** the ideal gains' levels of one query: gain, count pairs (step 0); Rndcg's ranks and ideal DCGs after it (see rndcgTerms) */
  gainLevels = new Float64Array(2 * IDEAL_LEVELS_MAX);
  /** discount[j] = 1 / log2(j + 1) for ranks j >= 1 */
  discount = new Float64Array(1);
  /** logs[j] = log2(j) for 1 <= j <= the discounts' ranks + 1 (G's whole-number arguments) */
  logs = new Float64Array(2);

  /** Makes room for a query of n documents with the given column counts. */
  ensure(n: number, levels: number, gains: number): void {
    if (this.order.length < n) {
      const cap = Math.max(n, 2 * this.order.length, 16);
      this.order = new Int32Array(cap);
      this.select = new Float64Array(cap);
      this.groupEnd = new Int32Array(cap);
      this.groupJudged = new Float64Array(cap);
      this.pmf = new Float64Array(cap + 1);
      this.pmf2 = new Float64Array(cap + 1);
      this.judgedEnd = new Int32Array(cap);
      this.work = new Float64Array(cap + 1);
      this.work2 = new Float64Array(cap + 1);
      this.iprecGroups = new Float64Array(15 * cap);
      this.iprecSlots = new Float64Array(cap);
      this.iprecMarked = new Int32Array(cap);
      this.iprecHeap = new Float64Array(4 * cap);
      this.iprecBest = new Float64Array(cap + 1);
      this.dcgSum.values = new Float64Array(cap + 1);
      this.apSum.values = new Float64Array(cap + 1);
    }
    const cap = this.order.length;
    if (this.groupRel.length < cap * levels) this.groupRel = new Float64Array(cap * levels);
    if (this.groupGain.length < cap * gains) this.groupGain = new Float64Array(cap * gains);
    this.ensureDiscount(n);
  }

  /** Makes room for G's states. */
  ensureStates(count: number): void {
    if (this.states.length >= count) return;
    this.states = new Float64Array(Math.max(count, 2 * this.states.length));
    this.states2 = new Float64Array(this.states.length);
    this.states3 = new Float64Array(this.states.length);
  }

  /** Makes room for m ideal labels. */
  ensureIdeal(m: number): void {
    if (this.ideal.length < m) {
      this.ideal = new Float64Array(Math.max(m, 2 * this.ideal.length, 16));
      this.idealRunning = new Float64Array(this.ideal.length + 1);
    }
    this.ensureDiscount(m);
  }

  /** Makes room for the discounts of ranks 1..n. */
  ensureDiscount(n: number): void {
    if (this.discount.length > n) return;
    const old = this.discount;
    const oldLogs = this.logs;
    this.discount = new Float64Array(Math.max(n + 1, 2 * old.length));
    this.logs = new Float64Array(this.discount.length + 1);
    this.discount.set(old);
    this.logs.set(oldLogs);
    for (let j = Math.max(1, old.length); j < this.discount.length; j++) {
      this.logs[j + 1] = log2(j + 1);
      this.discount[j] = 1 / this.logs[j + 1]!;
    }
  }
}
