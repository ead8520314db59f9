import { InputError, InputTypeError } from '../api/errors.js';
import { checkOffsets } from '../api/batchInput.js';
import { ROW_SIZE, Row, type Plan } from '../measures/plan.js';
import { Kind } from '../measures/catalog.js';
import { TIE_MODES, TREC } from '../ties/modes.js';
import type { JudgedBatch } from './backend.js';

function isLabelArray(x: unknown): boolean {
  return x instanceof Float64Array || x instanceof Int32Array || x instanceof Uint8Array;
}

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

/** Checks a plan's numbers: kinds, integer cut-offs, columns and slots within range. */
export function checkPlan(plan: Plan): void {
  const levels = plan.thresholds.length;
  const gains = plan.gainType.length;
  if (plan.rows.length !== plan.measures.length * ROW_SIZE || plan.constantsPerQuery < levels + 1) throw new InputError('plan: malformed layout');
  for (let t = 0; t < levels; t++) if (!(plan.thresholds[t]! >= 1)) throw new InputError('plan: relevance levels must be >= 1');
  for (let row = 0; row < plan.measures.length; row++) {
    const at = row * ROW_SIZE;
    const kind = plan.rows[at + Row.KIND]!;
    const cutoff = plan.rows[at + Row.CUTOFF]!;
    const col = plan.rows[at + Row.THRESHOLD]!;
    const gain = plan.rows[at + Row.GAIN]!;
    const ideal = plan.rows[at + Row.IDEAL]!;
    const needsCutoff = kind === Kind.P || kind === Kind.R || kind === Kind.F1 || kind === Kind.SUCCESS;
    const bad =
      !Number.isInteger(kind) || kind < Kind.P || kind > Kind.SUCCESS ||
      !Number.isInteger(cutoff) || cutoff < 0 || cutoff > 0xffffffff || (needsCutoff && cutoff === 0) ||
      !Number.isInteger(col) || col < 0 || col >= levels ||
      ((kind === Kind.DCG || kind === Kind.NDCG) && !(Number.isInteger(gain) && gain >= 0 && gain < gains)) ||
      (kind === Kind.NDCG && !(Number.isInteger(ideal) && ideal > levels && ideal < plan.constantsPerQuery));
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
