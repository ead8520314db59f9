import { InputError, InputTypeError } from '../core/errors.js';
import { isLabelArray } from '../core/labels.js';
import { checkOffsets } from '../core/offsets.js';
import { ROW_SIZE, Row, type Plan } from '../measures/plan.js';
import { Constant, Cutoff, Gain, GainColumn, GainTransform, PlanFlag, RowFlag } from '../measures/codes.js';
import { MEASURE_RULES, paramInRange } from '../measures/rules.js';
import { TIE_MODES, TREC } from '../ties/modes.js';
import type { JudgedBatch } from './backend.js';

/**
 * The checks a backend entry point makes on the judgements before a kernel reads them (the
 * native addon makes the same checks in C++): array types, lengths, offsets, and a plan
 * whose columns and slots stay inside the group table and the constants.
 */
export function checkJudged(judged: JudgedBatch, plan: Plan): void {
  if (judged === null || typeof judged !== 'object') throw new InputTypeError('judgements must be an object { labels, offsets, ideal, idealOffsets, relevant }');
  const { labels, offsets, ideal, idealOffsets, relevant } = judged;
  if (!isLabelArray(labels) || !isLabelArray(ideal)) throw new InputTypeError('labels must be a Float64Array, Int32Array or Uint8Array');
  checkOffsets(offsets, labels.length, 'offsets');
  checkOffsets(idealOffsets, ideal.length, 'idealOffsets');
  if (idealOffsets.length !== offsets.length) throw new InputError('idealOffsets and offsets must hold the same number of queries');
  if (relevant !== null && (!(relevant instanceof Float64Array) || relevant.length !== offsets.length - 1)) {
    throw new InputTypeError('relevant must be null or a Float64Array of one R per query');
  }
  checkPlan(plan);
}

/**
 * Checks a plan's numbers against the measure table's rules (src/measures/rules.ts; the addon
 * checks the same rules, generated into native/kernels/codes.hpp): the layout, levels, gain
 * columns and their tables, flags, finite pool values, and per row its kind, cut-off, depth
 * code, parameter, columns, constant slot and pool values, all within range.
 */
export function checkPlan(plan: Plan): void {
  const levels = plan.thresholds.length;
  const gains = plan.gainType.length;
  const inRange = (x: number, lo: number, hi: number): boolean => Number.isInteger(x) && x >= lo && x <= hi;
  const malformed = (what: string): never => {
    throw new InputError(`plan: ${what} is malformed`);
  };
  if (plan.rows.length !== plan.measures.length * ROW_SIZE || plan.constantsPerQuery < levels + 1) malformed('the layout');
  if (!inRange(plan.maxRank, 0, 0xffffffff)) malformed('maxRank');
  if (!inRange(plan.flags, 0, PlanFlag.JUDGED_ONLY | PlanFlag.NEEDS_ORDER)) malformed('the flags');
  if (!plan.pool.every(Number.isFinite)) malformed('the pool');
  for (let t = 0; t < levels; t++) if (!(plan.thresholds[t]! >= 1) || (t > 0 && !(plan.thresholds[t]! > plan.thresholds[t - 1]!))) malformed('a relevance level');
  for (let c = 0; c < gains; c++) {
    const table = plan.gainTable[c]!;
    const pairs = plan.gainTablePairs[c]!;
    // a scaled column's pool pair is its [lo, hi], 0 <= lo < hi (its gains divide by hi - lo)
    const scaledOk = plan.gainType[c] !== Gain.SCALED || (pairs === 1 && plan.pool[table]! >= 0 && plan.pool[table + 1]! > plan.pool[table]!);
    if (!scaledOk || !inRange(plan.gainType[c]!, 0, Gain.SCALED) || !inRange(plan.gainTransform[c]!, 0, GainTransform.INDICATOR) || !(plan.gainRel[c]! >= 1) || !inRange(table, 0, plan.pool.length) || !inRange(pairs, 0, (plan.pool.length - table) / 2)) malformed(`gain column ${c}`);
  }
  for (let row = 0; row < plan.measures.length; row++) {
    const field = (f: number): number => plan.rows[row * ROW_SIZE + f]!;
    const kind = field(Row.KIND);
    const rule = Number.isInteger(kind) ? MEASURE_RULES[kind] : undefined;
    const bad = (): never => malformed(`measure row ${row}`);
    if (rule === undefined) return bad();
    const cutoff = field(Row.CUTOFF);
    const col = field(Row.THRESHOLD);
    const gain = field(Row.GAIN);
    const slot = field(Row.CONSTANT);
    const extra = field(Row.EXTRA);
    const count = field(Row.EXTRA_COUNT);
    const hasGain = rule.gainColumn === GainColumn.REQUIRED || (rule.gainColumn === GainColumn.OPTIONAL && gain !== -1);
    const hasConstant = rule.constant !== Constant.NONE && (rule.gainColumn !== GainColumn.OPTIONAL || hasGain);
    // with an optional gain column the constant is optional too (RBP's scale: none for raw labels)
    const mayLack = rule.gainColumn === GainColumn.OPTIONAL && slot === -1;
    const ok =
      inRange(cutoff, 0, 0xffffffff) &&
      !(rule.cutoff === Cutoff.REQUIRED && cutoff === 0) &&
      !((rule.cutoff === Cutoff.NONE || rule.cutoff === Cutoff.RECALL) && cutoff !== 0) &&
      field(Row.DEPTH) === rule.depth &&
      inRange(col, 0, levels - 1) &&
      (hasGain ? inRange(gain, 0, gains - rule.gainSpan) : gain === -1) &&
      (hasConstant ? mayLack || inRange(slot, levels + 1, plan.constantsPerQuery - rule.constantSize) : slot === -1) &&
      (rule.hasParam ? paramInRange(rule, field(Row.PARAM)) : true) &&
      (!rule.levelSpan || (col + field(Row.PARAM) <= levels && Array.from({ length: field(Row.PARAM) }, (_, l) => plan.thresholds[col + l] === l + 1).every(Boolean))) &&
      inRange(field(Row.FLAGS), 0, RowFlag.JUDGED_ONLY) &&
      (!rule.needsOrder || (plan.flags & PlanFlag.NEEDS_ORDER) !== 0) &&
      inRange(count, rule.extraMin, rule.extraMax) &&
      inRange(extra, 0, plan.pool.length - count);
    if (!ok) bad();
  }
}

/** Checks one score vector against prepared judgements before a kernel reads it. */
export function checkScores(scores: Float64Array, entries: number, queries: number, plan: Plan, tieKeys: Int32Array | null, mode: number, out: Float64Array): void {
  if (!(scores instanceof Float64Array)) throw new InputTypeError('scores must be a Float64Array');
  if (scores.length !== entries) throw new InputError(`scores has ${scores.length} entries, the judgements ${entries}`);
  if (!Number.isInteger(mode) || mode < 0 || mode > TIE_MODES.sd) throw new InputError(`tie mode ${mode} is not one of ${Object.values(TIE_MODES).join(', ')}`);
  if (mode === TREC) {
    if (!(tieKeys instanceof Int32Array) || tieKeys.length !== entries) throw new InputTypeError('ties: trec needs tieKeys, an Int32Array of one key per entry');
  }
  if (!(out instanceof Float64Array) || out.length !== plan.measures.length * queries) {
    throw new InputTypeError(`out must be a Float64Array of ${plan.measures.length * queries} values (measures x queries)`);
  }
}
