import { InputError, InputTypeError } from '../core/errors.js';
import { isLabelArray } from '../core/labels.js';
import { checkOffsets } from '../core/offsets.js';
import { ROW_SIZE, Row, type Plan } from '../measures/plan.js';
import { Depth } from '../measures/codes.js';
import { MEASURES, type MeasureEntry } from '../measures/table.js';
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
 * Checks a plan's numbers against the measure table's rules (the addon checks the same rules,
 * generated into native/kernels/codes.hpp): kinds, integer cut-offs, depth codes, parameters,
 * columns and slots within range.
 */
export function checkPlan(plan: Plan): void {
  const levels = plan.thresholds.length;
  const gains = plan.gainType.length;
  if (plan.rows.length !== plan.measures.length * ROW_SIZE || plan.constantsPerQuery < levels + 1) throw new InputError('plan: malformed layout');
  if (!(Number.isInteger(plan.maxRank) && plan.maxRank >= 0 && plan.maxRank <= 0xffffffff)) throw new InputError('plan: maxRank must be a count');
  for (let t = 0; t < levels; t++) if (!(plan.thresholds[t]! >= 1)) throw new InputError('plan: relevance levels must be >= 1');
  for (let row = 0; row < plan.measures.length; row++) {
    const field = (f: number): number => plan.rows[row * ROW_SIZE + f]!;
    const kind = field(Row.KIND);
    const m: MeasureEntry | undefined = Number.isInteger(kind) ? MEASURES[kind] : undefined;
    const cutoff = field(Row.CUTOFF);
    const inRange = (x: number, lo: number, hi: number): boolean => Number.isInteger(x) && x >= lo && x <= hi;
    const param = m?.param;
    const p = field(Row.PARAM);
    const bad =
      m === undefined ||
      !inRange(cutoff, 0, 0xffffffff) || (m.cutoff === 'required' && cutoff === 0) || (m.cutoff === 'none' && cutoff !== 0) ||
      field(Row.DEPTH) !== (m.depth === 'relevant' ? Depth.RELEVANT : Depth.CUTOFF) ||
      !inRange(field(Row.THRESHOLD), 0, levels - 1) ||
      (m.gainColumn && !inRange(field(Row.GAIN), 0, gains - 1)) ||
      (m.idealDcg && !inRange(field(Row.IDEAL), levels + 1, plan.constantsPerQuery - 1)) ||
      (param !== undefined && !(param.range.integer ? inRange(p, param.range.lo, param.range.hi) : p > param.range.lo && p < param.range.hi));
    if (bad) throw new InputError(`plan: measure row ${row} is malformed`);
  }
}

/** Checks one score vector against prepared judgements before a kernel reads it. */
export function checkScores(scores: Float64Array, entries: number, queries: number, plan: Plan, tieKeys: Int32Array | null, mode: number, out: Float64Array): void {
  if (!(scores instanceof Float64Array)) throw new InputTypeError('scores must be a Float64Array');
  if (scores.length !== entries) throw new InputError(`scores has ${scores.length} entries, the judgements ${entries}`);
  if (!Number.isInteger(mode) || mode < 0 || mode > TIE_MODES.input) throw new InputError(`tie mode ${mode} is not one of ${Object.values(TIE_MODES).join(', ')}`);
  if (mode === TREC) {
    if (!(tieKeys instanceof Int32Array) || tieKeys.length !== entries) throw new InputTypeError('ties: trec needs tieKeys, an Int32Array of one key per entry');
  }
  if (!(out instanceof Float64Array) || out.length !== plan.measures.length * queries) {
    throw new InputTypeError(`out must be a Float64Array of ${plan.measures.length * queries} values (measures x queries)`);
  }
}
