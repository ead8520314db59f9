import { evaluateBatch } from '../api/evaluateBatch.js';
import type { Batch, EvaluateOptions } from '../api/types.js';
import { nextOrdering, orderingCount, tiedLabels } from '../ties/tiedLabels.js';

/** What tieOrderings needs of a chunk of queries: the collector's batch, its labels integers. */
export interface OrderingsBatch {
  readonly scores: Float64Array;
  readonly labels: Int32Array;
  readonly offsets: Uint32Array;
  readonly idealLabels: NonNullable<Batch['idealLabels']>;
}

/**
 * Each query's values over the distinct orderings of its tied documents: the orderings of the
 * labels inside each group of equal scores (groups in score order), which are equally likely
 * when every permutation of a group is (each distinct one stands for the same number of
 * permutations, the product of its labels' counts' factorials). With `maxRank` each ordering
 * is cut at it, as every tie mode cuts (the group crossing it is ordered whole, then cut); with
 * `judgedOnly` the unjudged documents leave after that cut. Each ordering is evaluated in `input` mode.
 * @param most the largest count of orderings a query is listed with
 * @param room the documents the orderings may fill in all (each ordering of a query counts its
 *   ranking's length)
 * @returns `listed`, per query: values[m * count + k] of measure m in ordering k (the `count`
 *   orderings of that query); an empty array when its ties cannot move it (one distinct
 *   ordering); null when it has more than `most` orderings or does not fit in `room`, and for
 *   every query after it (one such query is enough for exactFlip to give up, and looking at the
 *   others would cost a sort each); and `room` less what the listed orderings filled, -1 once a
 *   query was not listed (give it to the next call to go on)
 * @example
 * // one group of labels 0, 1, 0: three orderings, in lexicographic order of their labels
 * tieOrderings({ scores: Float64Array.of(1, 1, 1), labels: Int32Array.of(0, 1, 0), offsets: Uint32Array.of(0, 3), idealLabels: [[0, 1, 0]] }, ['P@1'], 10, 100, {}).listed[0]
 * // Float64Array [0, 0, 1] (labels 0 0 1, 0 1 0, 1 0 0)
 */
export function tieOrderings(batch: OrderingsBatch, names: readonly string[], most: number, room: number, options: Pick<EvaluateOptions, 'backend' | 'maxRank' | 'judgedOnly'>): { listed: (Float64Array | null)[]; room: number } {
  const { scores, labels, offsets } = batch;
  const queries = offsets.length - 1;
  const ideal = batch.idealLabels;
  const idealOf = (q: number): ArrayLike<number> => ('offsets' in ideal ? ideal.labels.subarray(ideal.offsets[q], ideal.offsets[q + 1]) : ideal[q]!);
  const maxRank = options.maxRank ?? 0;
  let left = room;
  // every listed query's orderings, each as a query of its own in that order (strictly falling
  // scores), evaluated in one call
  const pending: { q: number; count: number; kept: number; orderings: Int32Array }[] = [];
  const listed = Array.from({ length: queries }, (_, q): Float64Array | null => {
    if (left < 0) return null;
    const start = offsets[q]!;
    const n = offsets[q + 1]! - start;
    const { labels: current, groupEnds } = tiedLabels(scores, labels, start, n, maxRank);
    const kept = current.length;
    const count = orderingCount({ labels: current, groupEnds }, most);
    if (count > most) {
      left = -1;
      return null;
    }
    if (count === 1) return new Float64Array(0);
    left = count * kept > left ? -1 : left - count * kept;
    if (left < 0) return null;
    const orderings = new Int32Array(count * kept);
    for (let k = 0; k < count; k++) {
      orderings.set(current, k * kept);
      nextOrdering(current, groupEnds);
    }
    pending.push({ q, count, kept, orderings });
    return new Float64Array(names.length * count);
  });
  if (pending.length === 0) return { listed, room: left };
  const total = pending.reduce((sum, p) => sum + p.orderings.length, 0);
  const all = new Int32Array(total);
  const fallingScores = new Float64Array(total);
  const allOffsets = [0];
  const allIdeal: ArrayLike<number>[] = [];
  for (const { q, count, kept, orderings } of pending) {
    const at = allOffsets[allOffsets.length - 1]!;
    all.set(orderings, at);
    for (let k = 0; k < count; k++) {
      for (let j = 0; j < kept; j++) fallingScores[at + k * kept + j] = kept - j;
      allOffsets.push(at + (k + 1) * kept);
      allIdeal.push(idealOf(q));
    }
  }
  const each = evaluateBatch({ scores: fallingScores, labels: all, offsets: Uint32Array.from(allOffsets), idealLabels: allIdeal }, names, { backend: options.backend ?? 'auto', ties: 'input', judgedOnly: options.judgedOnly === true, ...(maxRank > 0 ? { maxRank } : {}) });
  let first = 0;
  for (const { q, count } of pending) {
    names.forEach((name, m) => listed[q]!.set(each.perQuery[name]!.subarray(first, first + count), m * count));
    first += count;
  }
  return { listed, room: left };
}
