import type { BackendChoice } from '../backends/backend.js';
import { rng } from '../util/random.js';
import { DiversityBatchBuilder } from './diversityBatch.js';
import { diversityValues, singletons } from './diversityValues.js';
import type { QueryJudgements } from './judgements.js';
import type { DiversityMeasure } from './measures.js';

/** Up to this many orders of a query's ties, the sd is computed over all of them (exact). */
export const ORDERS_EXACT = 5040;
/** Beyond, it is estimated from this many orders drawn uniformly (seeded by the query id). */
export const ORDERS_SAMPLED = 2000;
/** The orders are evaluated in batches of about this many positions. */
const BATCH_POSITIONS = 1 << 20;

/** A query's sd over the orders of its ties, per measure, and its standard error where it was estimated (null: exact). */
export interface OrderSpread {
  readonly sd: number[];
  readonly standardErrors: number[] | null;
}

/**
 * The standard deviation of each measure over the orders of a query's tie groups (orders
 * uniform), as the sd mode reports it: the diversity measures have no closed form for it here, so
 * it is computed over every order where there are at most ORDERS_EXACT (the groups whose order
 * can matter: two or more documents, some relevant, above `limit`), else estimated from
 * ORDERS_SAMPLED orders drawn uniformly (seeded by the query's ties and subtopics: the same query
 * gives the same estimate on every path), with the standard error of the estimate (the delta
 * method on the sample's second and fourth moments). `ranking`: each position's row in `judged`
 * (-1: not judged), in tie groups ending at `groupEnds`; the orders run on `backend`.
 */
export function orderSpread(judged: QueryJudgements, ranking: Int32Array, groupEnds: Int32Array, measures: readonly DiversityMeasure[], maxRank: number, backend: BackendChoice | undefined): OrderSpread {
  const limit = maxRank > 0 ? Math.min(maxRank, ranking.length) : ranking.length;
  const subtopicsOf = (row: number): Int32Array | undefined => (row < 0 ? undefined : judged.rowSubtopics.subarray(judged.rows[row], judged.rows[row + 1]));
  const moving: [number, number][] = [];
  let orders = 1;
  let start = 0;
  for (const end of groupEnds) {
    if (start >= limit) break;
    let relevant = false;
    for (let i = start; i < end && !relevant; i++) relevant = (subtopicsOf(ranking[i]!)?.length ?? 0) > 0;
    if (end - start > 1 && relevant) {
      moving.push([start, end]);
      for (let k = 2; k <= end - start && orders <= ORDERS_EXACT; k++) orders *= k;
    }
    start = end;
  }
  if (moving.length === 0) return { sd: measures.map(() => 0), standardErrors: null };
  const singles = singletons(ranking.length);
  // each group from one arrangement whatever the input's order: the same seed, the same draws
  const current = ranking.slice();
  for (const [from, to] of moving) current.subarray(from, to).sort((a, b) => compareSubtopicLists(subtopicsOf(a), subtopicsOf(b)) || a - b);
  const samples: number[][] = [];
  const builder = new DiversityBatchBuilder(measures, maxRank);
  const flush = (): void => {
    const queries = builder.queries;
    const values = diversityValues(builder, backend);
    for (let q = 0; q < queries; q++) samples.push(measures.map((_, m) => values[m * queries + q]!));
  };
  const evaluate = (): void => {
    builder.add(judged, current, singles);
    if (builder.positions >= BATCH_POSITIONS) flush();
  };
  if (orders <= ORDERS_EXACT) {
    // every order: the groups' permutations, one group after another (Heap's algorithm)
    const permute = (g: number): void => {
      if (g === moving.length) return evaluate();
      const [from, to] = moving[g]!;
      const heap = (k: number): void => {
        if (k === 1) return permute(g + 1);
        for (let i = 0; i < k - 1; i++) {
          heap(k - 1);
          const j = k % 2 === 0 ? from + i : from;
          [current[j], current[from + k - 1]] = [current[from + k - 1]!, current[j]!];
        }
        heap(k - 1);
      };
      heap(to - from);
    };
    permute(0);
    flush();
    return { sd: measures.map((_, m) => spreadOf(samples, m, false).sd), standardErrors: null };
  }
  const next = rng(seedOf(Array.from(current, subtopicsOf), groupEnds));
  for (let s = 0; s < ORDERS_SAMPLED; s++) {
    for (const [from, to] of moving) {
      for (let i = to - 1; i > from; i--) {
        const j = from + Math.floor(next() * (i - from + 1));
        [current[i], current[j]] = [current[j]!, current[i]!];
      }
    }
    evaluate();
  }
  flush();
  const spreads = measures.map((_, m) => spreadOf(samples, m, true));
  return { sd: spreads.map((s) => s.sd), standardErrors: spreads.map((s) => s.standardError) };
}

/** Orders subtopic lists: by length, then element by element (undefined first). */
function compareSubtopicLists(a: Int32Array | undefined, b: Int32Array | undefined): number {
  if (a === undefined || b === undefined) return (a === undefined ? 0 : 1) - (b === undefined ? 0 : 1);
  if (a.length !== b.length) return a.length - b.length;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** A seed from a query's tie groups and its documents' subtopics (FNV-1a). */
function seedOf(subtopics: readonly (Int32Array | undefined)[], groupEnds: Int32Array): number {
  let h = 0x811c9dc5;
  const mix = (x: number): void => {
    h = Math.imul(h ^ (x & 0xffff), 0x01000193);
    h = Math.imul(h ^ (x >>> 16), 0x01000193);
  };
  for (const end of groupEnds) mix(end);
  for (const subs of subtopics) {
    mix(subs?.length ?? 0xffff);
    for (const j of subs ?? []) mix(j);
  }
  return h >>> 0;
}

/**
 * The sd of measure m's values over `samples`: over all orders (`sampled` false: the population's),
 * or estimated from a uniform sample (its sd, n - 1), with the standard error of that estimate,
 * sqrt((m4 - s^4) / n) / (2 s) (0 when every sample agrees).
 */
function spreadOf(samples: readonly number[][], m: number, sampled: boolean): { sd: number; standardError: number } {
  const n = samples.length;
  let mean = 0;
  for (const s of samples) mean += s[m]!;
  mean /= n;
  let m2 = 0;
  let m4 = 0;
  for (const s of samples) {
    const d = (s[m]! - mean) ** 2;
    m2 += d;
    m4 += d * d;
  }
  const variance = m2 / (sampled ? n - 1 : n);
  const sd = Math.sqrt(variance);
  const standardError = sd > 0 ? Math.sqrt(Math.max(0, m4 / n - variance * variance) / n) / (2 * sd) : 0;
  return { sd, standardError };
}
