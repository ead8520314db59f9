import { Depth } from '../measures/codes.js';
import { Kind } from '../measures/table.js';
import { ROW_SIZE, Row, judgedSlot, type Plan } from '../measures/plan.js';
import { AVERAGE } from '../ties/modes.js';
import { averagePrecision } from './averagePrecision.js';
import { bpref } from './bpref.js';
import { buildGroups } from './buildGroups.js';
import { countGroups } from './countGroups.js';
import { dcg, ndcg } from './dcg.js';
import { f1 } from './f1.js';
import { firstNaN } from './firstNaN.js';
import { orderQuery, SELECT_ABOVE } from './orderQuery.js';
import { precision } from './precision.js';
import { rbp } from './rbp.js';
import { recall } from './recall.js';
import { reciprocalRank } from './reciprocalRank.js';
import { rprec } from './rprec.js';
import type { Scratch } from './scratch.js';
import { Status } from '../core/status.js';
import { success } from './success.js';
import type { LabelArray } from '../core/labels.js';

/**
 * One query, every measure of the plan, one ordering: checks the scores, orders the query
 * (step 1), builds its group table down to the deepest position a measure reads (step 2;
 * countGroups does both at once for a small query in average mode) and runs each measure
 * kernel over it, writing measure `row`'s value to out[row * queries + q].
 * `constants[at..]` are the query's constants from prepareQuery.
 * Returns a Status code; on failure `s.badPosition` is the offending position.
 */
export function evaluateQuery(
  scores: Float64Array,
  labels: LabelArray,
  tieKeys: Int32Array | null,
  start: number,
  n: number,
  mode: number,
  plan: Plan,
  constants: Float64Array,
  at: number,
  s: Scratch,
  out: Float64Array,
  q: number,
  queries: number,
): number {
  const rows = plan.rows;
  const count = plan.measures.length;
  // the deepest position any measure reads: its cut-off, R (Depth.RELEVANT), else the whole ranking
  let depth = 0;
  for (let row = 0; row < count; row++) {
    const cutoff = rows[row * ROW_SIZE + Row.CUTOFF]!;
    const need = rows[row * ROW_SIZE + Row.DEPTH] === Depth.RELEVANT ? constants[at + rows[row * ROW_SIZE + Row.THRESHOLD]!]! : cutoff > 0 ? cutoff : n;
    depth = Math.max(depth, need);
  }
  depth = Math.min(depth, n);
  // -M: the positions past maxRank are cut (in average mode, past the tie group crossing it)
  const cut = plan.maxRank > 0 && plan.maxRank < n;
  if (cut) depth = Math.min(depth, plan.maxRank);
  s.ensure(n, plan.thresholds.length, plan.gainType.length);
  // NaN scores: checked here for countGroups; orderQuery checks them itself (its selection finds
  // them in a pass it makes anyway)
  if (mode === AVERAGE && n <= SELECT_ABOVE) {
    s.badPosition = firstNaN(scores, start, n);
    if (s.badPosition >= 0) return Status.SCORE_NAN;
    countGroups(scores, labels, start, n, depth, plan, s);
  } else {
    const held = orderQuery(scores, labels, tieKeys, start, n, depth, mode, s);
    if (held < 0) return Status.SCORE_NAN;
    buildGroups(scores, labels, start, n, held, depth, mode !== AVERAGE, plan, s);
  }
  // a cut ranking ends with the group reaching maxRank (read only by measures that read it all)
  if (cut && depth === plan.maxRank) s.n = s.groupEnd[s.groupCount - 1]!;
  for (let row = 0; row < count; row++) {
    const r = row * ROW_SIZE;
    const kind = rows[r + Row.KIND]!;
    const cutoff = rows[r + Row.CUTOFF]!;
    const col = rows[r + Row.THRESHOLD]!;
    const relevant = constants[at + col]!;
    let value = 0;
    switch (kind) {
      case Kind.P:
        value = precision(s, col, cutoff);
        break;
      case Kind.R:
        value = recall(s, col, cutoff, relevant);
        break;
      case Kind.F1:
        value = f1(s, col, cutoff, relevant);
        break;
      case Kind.AP:
        value = averagePrecision(s, col, cutoff, rows[r + Row.PARAM]!, relevant);
        break;
      case Kind.RR:
        value = reciprocalRank(s, col, cutoff);
        break;
      case Kind.DCG:
        value = dcg(s, rows[r + Row.GAIN]!, cutoff);
        break;
      case Kind.NDCG:
        value = ndcg(s, rows[r + Row.GAIN]!, cutoff, constants[at + rows[r + Row.IDEAL]!]!);
        break;
      case Kind.RBP:
        value = rbp(s, col, cutoff, rows[r + Row.PARAM]!);
        break;
      case Kind.RPREC:
        value = rprec(s, col, relevant);
        break;
      case Kind.BPREF:
        value = bpref(s, col, relevant, constants[at + judgedSlot(plan)]!);
        break;
      case Kind.SUCCESS:
        value = success(s, col, cutoff);
        break;
    }
    out[row * queries + q] = value;
  }
  return Status.OK;
}
