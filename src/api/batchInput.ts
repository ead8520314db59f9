import type { JudgedBatch } from '../backends/backend.js';
import type { Plan } from '../measures/plan.js';
import { isLabelArray, LABEL_MAX, LABEL_MIN, LABEL_RANGE, type LabelArray } from '../core/labels.js';
import { checkOffsets } from '../core/offsets.js';
import { checkDocIds } from '../ties/checkDocIds.js';
import { trecTieKeys } from '../ties/trecTieKeys.js';
import { InputError, InputTypeError } from '../core/errors.js';
import type { Batch } from './types.js';

/** A batch checked for shape and laid out for the kernels. */
export interface FlatBatch extends JudgedBatch {
  readonly scores: Float64Array;
  readonly queries: number;
  readonly tieKeys: Int32Array | null;
  readonly describeQuery: (q: number) => string;
}

/**
 * A batch whose judgements (labels, offsets, ideal labels, R) are copies, for a caller that keeps
 * them (prepare); arrays of the wrong kind stay as given, for flattenBatch to name.
 */
export function ownJudgements(batch: Batch): Batch {
  const copy = <T>(a: T): T => (ArrayBuffer.isView(a) && !(a instanceof DataView) ? ((a as unknown as { slice(): T }).slice()) : a);
  const ideal = batch.idealLabels;
  const idealCopy = ideal === undefined ? undefined : Array.isArray(ideal) ? ideal.map((a) => Array.from(a as ArrayLike<number>)) : { labels: copy((ideal as { labels: Batch['labels'] }).labels), offsets: copy((ideal as { offsets: Uint32Array }).offsets) };
  return { ...batch, labels: copy(batch.labels), offsets: copy(batch.offsets), ...(ideal === undefined ? {} : { idealLabels: idealCopy }), ...(batch.relevant === undefined ? {} : { relevant: copy(batch.relevant) }) };
}

/**
 * Refuses finite labels outside int32 (a Float64Array may hold them; their gains overflow or lose
 * integers): an InputError naming the query and position. NaN and infinities are the kernels' to
 * refuse, as labels that are not finite integers.
 */
function checkLabelRange(labels: LabelArray, offsets: Uint32Array, what: string, describeQuery: (q: number) => string): void {
  if (!(labels instanceof Float64Array)) return;
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    // compared here, not by a call: a process's first calls run this loop interpreted
    if ((label >= LABEL_MIN && label <= LABEL_MAX) || !Number.isFinite(label)) continue;
    let q = 0;
    while (offsets[q + 1]! <= i) q++;
    throw new InputError(`${describeQuery(q)}: ${what} at position ${i - offsets[q]!} is ${labels[i]}, beyond the labels allowed (${LABEL_RANGE})`, q, i - offsets[q]!);
  }
}

/**
 * Flattens per-query ideal label arrays into one array with offsets, of the narrowest kind the
 * kernels take that holds every label: a Uint8Array while every label is a grade 0-255 (the
 * usual judgements, and the kernels read bytes fastest), else an Int32Array while every label
 * is an int32, else a Float64Array.
 */
function flattenIdeal(ideal: readonly ArrayLike<number>[], queries: number): { labels: LabelArray; offsets: Uint32Array } {
  if (ideal.length !== queries) throw new InputError(`idealLabels has ${ideal.length} arrays for ${queries} queries`);
  const offsets = new Uint32Array(queries + 1);
  for (let q = 0; q < queries; q++) {
    const a = ideal[q];
    if (a === null || typeof a !== 'object' || typeof a.length !== 'number') throw new InputTypeError(`idealLabels[${q}] is not an array`, q);
    offsets[q + 1] = offsets[q]! + a.length;
  }
  return { labels: gradesOf(ideal, offsets) ?? widerLabels(ideal, offsets), offsets };
}

/** The ideal labels as bytes, or null at the first label that is not a grade 0-255 (nor a number: widerLabels names it). */
function gradesOf(ideal: readonly ArrayLike<number>[], offsets: Uint32Array): Uint8Array | null {
  const grades = new Uint8Array(offsets[ideal.length]!);
  for (let q = 0; q < ideal.length; q++) {
    const a = ideal[q]!;
    const at = offsets[q]!;
    for (let i = 0; i < a.length; i++) {
      const v = a[i]!;
      if ((v & 255) !== v) return null;
      grades[at + i] = v;
    }
  }
  return grades;
}

/** The ideal labels as int32 while they fit, else as doubles; a label that is not a number is an error naming it. */
function widerLabels(ideal: readonly ArrayLike<number>[], offsets: Uint32Array): Int32Array | Float64Array {
  let ints: Int32Array | null = new Int32Array(offsets[ideal.length]!);
  let floats: Float64Array | null = null;
  for (let q = 0; q < ideal.length; q++) {
    const a = ideal[q]!;
    const at = offsets[q]!;
    for (let i = 0; i < a.length; i++) {
      const v = a[i];
      if (typeof v !== 'number') throw new InputTypeError(`query ${q}: idealLabels[${i}] is ${typeof v}, not a number`, q, i);
      if (ints !== null && (v | 0) === v) {
        ints[at + i] = v;
        continue;
      }
      if (ints !== null) {
        // the first label an Int32Array cannot hold: the rest go to doubles
        floats = new Float64Array(ints.length);
        floats.set(ints.subarray(0, at + i));
        ints = null;
      }
      floats![at + i] = v;
    }
  }
  return ints ?? floats!;
}

/**
 * Checks a batch's shape (types, lengths, offsets) and lays it out for the kernels; the
 * values (NaN scores, non-integer labels, R, ideal labels that lack a label of the ranking) are
 * checked by the kernels themselves.
 * `trecMode`: a mode to evaluate is trec, which orders ties by the document ids' keys.
 */
export function flattenBatch(batch: Batch, plan: Plan, trecMode: boolean, givenKeys: Int32Array | null = null): FlatBatch {
  if (batch === null || typeof batch !== 'object') throw new InputTypeError('batch must be an object { scores, labels, offsets, ... }');
  const { scores, labels, offsets } = batch;
  if (!(scores instanceof Float64Array)) throw new InputTypeError('batch.scores must be a Float64Array');
  if (!isLabelArray(labels)) throw new InputTypeError('batch.labels must be a Float64Array, Int32Array or Uint8Array');
  if (labels.length !== scores.length) {
    // a typed array whose buffer was transferred (detached) reads as empty
    const detached = (a: ArrayBufferView): boolean => a.byteLength === 0 && a.buffer.byteLength === 0 && (a.buffer as { detached?: boolean }).detached !== false;
    const hint = detached(labels) || detached(scores) ? ` (${detached(labels) ? 'batch.labels' : 'batch.scores'} is empty: was its buffer transferred to another thread, detaching it?)` : '';
    throw new InputError(`batch.labels has ${labels.length} entries, batch.scores ${scores.length}${hint}`);
  }
  checkOffsets(offsets, scores.length, 'batch.offsets');
  const queries = offsets.length - 1;
  const { queryIds } = batch;
  if (queryIds !== undefined && (!Array.isArray(queryIds) || queryIds.length !== queries)) {
    throw new InputError(`batch.queryIds must hold one id per query (${queries})`);
  }
  const describeQuery = (q: number): string => (queryIds === undefined ? `query ${q}` : `query '${queryIds[q]}' (index ${q})`);

  let ideal: LabelArray = labels;
  let idealOffsets = offsets;
  if (batch.idealLabels !== undefined) {
    const given = batch.idealLabels;
    const flat = Array.isArray(given) ? flattenIdeal(given, queries) : (given as { labels: unknown; offsets: unknown });
    if (!isLabelArray(flat.labels)) throw new InputTypeError('batch.idealLabels.labels must be a Float64Array, Int32Array or Uint8Array');
    checkOffsets(flat.offsets, flat.labels.length, 'batch.idealLabels.offsets');
    if (flat.offsets.length !== queries + 1) throw new InputError(`batch.idealLabels.offsets has ${flat.offsets.length} values; ${queries + 1} expected`);
    ideal = flat.labels;
    idealOffsets = flat.offsets;
  }
  checkLabelRange(labels, offsets, 'label', describeQuery);
  if (ideal !== labels) checkLabelRange(ideal, idealOffsets, 'idealLabels', describeQuery);

  let relevant: Float64Array | null = null;
  if (batch.relevant !== undefined) {
    if (!(batch.relevant instanceof Float64Array)) throw new InputTypeError('batch.relevant must be a Float64Array of R per query');
    if (batch.relevant.length !== queries) throw new InputError(`batch.relevant has ${batch.relevant.length} values for ${queries} queries`);
    if (plan.thresholds.length > 1) {
      throw new InputError(`relevant (R) counts one relevance level, but the measures use rel = ${Array.from(plan.thresholds).join(', ')}; give idealLabels instead`);
    }
    for (let q = 0; q < queries; q++) if (Number.isNaN(batch.relevant[q]!)) throw new InputError(`${describeQuery(q)}: relevant (R) is NaN; give a non-negative integer, or no relevant`, q);
    relevant = batch.relevant;
  }

  let tieKeys: Int32Array | null = null;
  if (givenKeys !== null) {
    if (givenKeys.length !== scores.length) throw new InputError(`tie keys: ${givenKeys.length} for ${scores.length} entries`);
    if (trecMode) tieKeys = givenKeys;
  } else if (batch.docs !== undefined) {
    if (!Array.isArray(batch.docs)) throw new InputTypeError('batch.docs must be an array of document ids');
    if (batch.docs.length !== scores.length) throw new InputError(`batch.docs has ${batch.docs.length} ids, batch.scores ${scores.length} entries`);
    // the ids are checked in every mode; ordered (trec_eval's keys) only where they break ties
    if (trecMode) tieKeys = trecTieKeys(batch.docs, scores, offsets, describeQuery);
    else checkDocIds(batch.docs, offsets, describeQuery);
  } else if (trecMode) {
    throw new InputError("ties: 'trec' orders equal scores by document id: give docs");
  }
  return { scores, labels, offsets, queries, ideal, idealOffsets, relevant, tieKeys, describeQuery };
}
