import { ROW_SIZE, Row, judgedSlot, type Plan } from '../measures/plan.js';
import { gainOf } from './gain.js';
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
 * and the ideal DCG of every nDCG measure (ideal labels sorted descending; without a cut-off
 * all of them count, as in trec_eval's ndcg).
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
  const counts = s.counts;
  s.badPosition = -1;
  // the ranking's labels: integers; count the relevant (per level) and the judged ones
  for (let i = 0; i < n; i++) {
    if (!Number.isInteger(labels[start + i]!)) {
      s.badPosition = i;
      return Status.LABEL_NOT_INTEGER;
    }
  }
  counts[judged] = countAtLeast(labels, start, n, 0);
  for (let t = 0; t < levels; t++) counts[t] = countAtLeast(labels, start, n, plan.thresholds[t]!);
  // the ideal labels: integers; R and J are their counts, which must cover the ranking's.
  // When they are the ranking's own labels (no ideal labels given, the usual case), they were
  // checked and counted just above
  s.ensureIdeal(m);
  if (ideal === labels && idealStart === start && m === n) {
    for (let i = 0; i < m; i++) s.ideal[i] = ideal[idealStart + i]!;
    for (let t = 0; t <= levels; t++) constants[at + t] = counts[t]!;
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
    for (let t = 0; t <= levels; t++) if (constants[at + t]! < counts[t]!) return Status.IDEAL_MISSING_LABELS;
  }
  if (!Number.isNaN(relevant)) {
    if (!Number.isInteger(relevant) || relevant < 0) return Status.RELEVANT_NOT_COUNT;
    if (relevant < constants[at]!) return Status.RELEVANT_TOO_SMALL;
    constants[at] = relevant;
  }
  // the ideal DCG of each measure with an ideal slot (nDCG): gains of the labels sorted descending (sorted for the
  // first one: most measure sets have none)
  const sorted = s.ideal.subarray(0, m);
  let isSorted = false;
  for (let row = 0; row < plan.measures.length; row++) {
    const r = row * ROW_SIZE;
    if (plan.rows[r + Row.IDEAL]! < 0) continue;
    if (!isSorted) sorted.sort();
    isSorted = true;
    const col = plan.rows[r + Row.GAIN]!;
    const cutoff = plan.rows[r + Row.CUTOFF]!;
    const last = cutoff > 0 ? Math.min(cutoff, m) : m;
    let sum = 0;
    for (let j = 1; j <= last; j++) sum += gainOf(sorted[m - j]!, plan.gainType[col]!, plan.gainRel[col]!) * s.discount[j]!;
    constants[at + plan.rows[r + Row.IDEAL]!] = sum;
  }
  return Status.OK;
}
