import { Constant, Gain, IDEAL_LEVELS_MAX } from '../measures/codes.js';
import { ROW_SIZE, Row, judgedSlot, type Plan } from '../measures/plan.js';
import { MEASURE_RULES } from '../measures/rules.js';
import { gainOf } from './gain.js';
import { missingFromIdeal } from './missingFromIdeal.js';
import type { Scratch } from './scratch.js';
import { Status } from '../core/status.js';
import type { LabelArray } from '../core/labels.js';

/**
 * How many of labels[start..start+n) are at least `level`: one level per pass, the count an
 * integer in a register (a count kept in memory waits on its own last store at every label, a
 * double count on its last addition).
 */
function countAtLeast(labels: LabelArray, start: number, n: number, level: number): number {
  let count = 0;
  for (let i = 0; i < n; i++) count += labels[start + i]! >= level ? 1 : 0;
  return count;
}

/**
 * Step 0, the judgements (nothing here depends on scores): checks the query's labels and
 * writes its constants at `constants[at..]`: R at each relevance level, the judged count J,
 * and each measure's own (see Constant): the ideal DCG of an nDCG (ideal labels sorted by gain
 * descending; without a cut-off all of them count, as in trec_eval's ndcg), the largest judged
 * label for graded RBP, the ideal gain levels for G, ndcg_rel and Rndcg.
 * `relevant` (R given by the caller, NaN when not) replaces the counted R; it must be a
 * count no smaller than the relevant documents of the ranking or of the ideal labels.
 * Returns a Status code; on failure `s.badPosition` is the offending position or -1.
 */
export function prepareQuery(
  labels: LabelArray,
  start: number,
  n: number,
  ideal: LabelArray,
  idealStart: number,
  m: number,
  relevant: number,
  plan: Plan,
  s: Scratch,
  constants: Float64Array,
  at: number,
): number {
  const levels = plan.thresholds.length;
  const judged = judgedSlot(plan);
  s.badPosition = -1;
  // the ranking's labels: integers
  for (let i = 0; i < n; i++) {
    if (!Number.isInteger(labels[start + i]!)) {
      s.badPosition = i;
      return Status.LABEL_NOT_INTEGER;
    }
  }
  // the ideal labels: integers holding every judged label of the ranking; R (per level) and J
  // are their counts. When they are the ranking's own labels (no ideal labels given, the usual
  // case), they were checked just above
  s.ensureIdeal(m);
  if (ideal === labels && idealStart === start && m === n) {
    for (let i = 0; i < m; i++) s.ideal[i] = ideal[idealStart + i]!;
    constants[at + judged] = countAtLeast(labels, start, n, 0);
    for (let t = 0; t < levels; t++) constants[at + t] = countAtLeast(labels, start, n, plan.thresholds[t]!);
  } else {
    for (let i = 0; i < m; i++) {
      const label = ideal[idealStart + i]!;
      if (!Number.isInteger(label)) {
        s.badPosition = i;
        return Status.IDEAL_LABEL_NOT_INTEGER;
      }
      s.ideal[i] = label;
    }
    constants[at + judged] = countAtLeast(ideal, idealStart, m, 0);
    for (let t = 0; t < levels; t++) constants[at + t] = countAtLeast(ideal, idealStart, m, plan.thresholds[t]!);
    s.badPosition = missingFromIdeal(labels, start, n, ideal, idealStart, m, s);
    if (s.badPosition >= 0) return Status.IDEAL_LACKS_LABEL;
  }
  if (!Number.isNaN(relevant)) {
    if (!Number.isInteger(relevant) || relevant < 0) return Status.RELEVANT_NOT_COUNT;
    if (relevant < constants[at]!) return Status.RELEVANT_TOO_SMALL;
    constants[at] = relevant;
  }
  // each measure's own constants (most measure sets have none): from the ideal labels sorted
  // descending, sorted for the first one that reads them
  const top = s.ideal.subarray(0, m);
  let isSorted = false;
  let runningCol = -1;
  let summed = 0;
  for (let row = 0; row < plan.measures.length; row++) {
    const r = row * ROW_SIZE;
    const slot = at + plan.rows[r + Row.CONSTANT]!;
    const constant = plan.rows[r + Row.CONSTANT]! < 0 ? Constant.NONE : MEASURE_RULES[plan.rows[r + Row.KIND]!]!.constant;
    if (constant === Constant.NONE) continue;
    if (!isSorted) top.sort().reverse();
    isSorted = true;
    const col = plan.rows[r + Row.GAIN]!;
    if (constant === Constant.MAX_LABEL) {
      // the largest judged label (0 without one): graded RBP's gains are the labels over it
      constants[slot] = m > 0 ? Math.max(0, top[0]!) : 0;
    } else if (constant === Constant.IDEAL_LEVELS || plan.gainType[col] === Gain.TABLE) {
      // the positive ideal gains as levels (a table's gains need not follow the labels' order)
      const count = idealLevels(top, m, plan, col, s.gainLevels);
      if (count < 0) return Status.TOO_MANY_GAIN_LEVELS;
      if (constant === Constant.IDEAL_LEVELS) {
        constants[slot] = count;
        for (let i = 0; i < 2 * count; i++) constants[slot + 1 + i] = s.gainLevels[i]!;
      } else {
        constants[slot] = levelsDcg(s.gainLevels, count, plan.rows[r + Row.CUTOFF]!, s.discount);
      }
    } else {
      // the ideal DCG through each rank, summed once per gain column for all its cut-offs
      const last = idealDepth(plan.rows[r + Row.CUTOFF]!, m);
      const running = s.idealRunning;
      if (runningCol !== col) {
        runningCol = col;
        summed = 0;
      }
      // the labels come in runs of equal values: a gain per run, not per rank; the sum in a local
      // (a store to `running` could alias the discounts, which would keep the sum in memory)
      let label = NaN;
      let gain = 0;
      let sum = running[summed]!;
      const discount = s.discount;
      for (; summed < last; summed++) {
        if (top[summed] !== label) {
          label = top[summed]!;
          gain = gainOf(label, plan, col);
        }
        sum = sum + gain * discount[summed + 1]!;
        running[summed + 1] = sum;
      }
      constants[slot] = running[last]!;
    }
  }
  return Status.OK;
}

/** The ideal labels an ideal DCG with this cut-off reads (0: no cut-off, all m of them). */
function idealDepth(cutoff: number, m: number): number {
  return cutoff > 0 ? Math.min(cutoff, m) : m;
}

/**
 * The positive gains of the ideal labels (sorted descending) in gain column `col`, as levels:
 * writes gain, count pairs to `levels`, gain descending, equal gains merged, and returns how
 * many; -1 when there are more than IDEAL_LEVELS_MAX.
 */
function idealLevels(top: Float64Array, m: number, plan: Plan, col: number, levels: Float64Array): number {
  let count = 0;
  for (let i = 0; i < m; ) {
    const label = top[i]!;
    let run = 0;
    for (; i < m && top[i] === label; i++) run++;
    const gain = gainOf(label, plan, col);
    if (!(gain > 0)) continue;
    // insert by gain descending (few levels), or add to an equal one
    let at = 0;
    while (at < count && levels[2 * at]! > gain) at++;
    if (at < count && levels[2 * at] === gain) {
      levels[2 * at + 1] = levels[2 * at + 1]! + run;
      continue;
    }
    if (count === IDEAL_LEVELS_MAX) return -1;
    for (let j = count; j > at; j--) {
      levels[2 * j] = levels[2 * j - 2]!;
      levels[2 * j + 1] = levels[2 * j - 1]!;
    }
    levels[2 * at] = gain;
    levels[2 * at + 1] = run;
    count++;
  }
  return count;
}

/** The DCG of gain levels (gain, count pairs, descending) down to rank `cutoff` (0: all of them). */
function levelsDcg(levels: Float64Array, count: number, cutoff: number, discount: Float64Array): number {
  let sum = 0;
  let j = 0;
  for (let l = 0; l < count; l++) {
    for (let c = 0; c < levels[2 * l + 1]!; c++) {
      if (cutoff > 0 && j >= cutoff) return sum;
      j++;
      sum += levels[2 * l]! * discount[j]!;
    }
  }
  return sum;
}
