import type { BackendName } from '../backends/backend.js';
import { resolveBackend } from '../backends/facade.js';
import { diversityCheckBatches } from '../diversity/diversityCheckBatches.js';
import { MEASURES, type MeasureEntry } from '../measures/table.js';
import { rng, pick, randInt } from '../util/random.js';
import type { TieMode } from '../ties/modes.js';
import { evaluateBatch } from './evaluateBatch.js';
import type { Batch } from './types.js';

/** What `selfCheck` found. */
export interface SelfCheckResult {
  readonly backend: BackendName;
  /** queries evaluated per tie mode */
  readonly queries: number;
  /** values compared with the reference */
  readonly values: number;
  /** the largest absolute difference from the TypeScript reference (relative where values exceed 1) */
  readonly maxDeviation: number;
  /** the values not equal to the reference's to the bit (0 on a sound install: the backends compute the same operations) */
  readonly unequal: number;
}

const MODES: readonly TieMode[] = ['average', 'optimistic', 'pessimistic', 'trec', 'input'];

/** The cut-offs selfCheck tries: from one to past most queries. */
const CUTOFFS = [1, 3, 10, 25, 100, 700];

/** The recall levels selfCheck tries for a measure whose cut-off is one (IPrec). */
const RECALLS = [0, 0.3, 0.5, 1];

/** A measure's names for selfCheck: at each cut-off it allows (and none where it may have none), and each parameter's examples at one cut-off. */
function selfCheckNames(m: MeasureEntry): string[] {
  const cuts = m.cutoff === 'none' ? [''] : m.cutoff === 'recall' ? RECALLS.map((r) => `@${r}`) : [...CUTOFFS.map((k) => `@${k}`), ...(m.cutoff === 'optional' ? [''] : [])];
  // the parameters every name must give (SDCG's max_rel), unless a variant sets them itself
  const given = (set?: string): string => {
    const params = [...(m.required ?? []).filter(([p]) => p !== set?.split('=')[0]).map(([p, x]) => `${p}=${x}`), ...(set === undefined ? [] : [set])];
    return params.length > 0 ? `(${params.join(',')})` : '';
  };
  const variants = m.params.flatMap((p) => p.examples.map((x) => `${given(`${p.name}=${x}`)}${cuts[2] ?? cuts[0]}`));
  return [...cuts.map((cut) => `${given()}${cut}`), ...variants].map((tail) => `${m.name}${tail}`);
}

/**
 * The seeded random batch selfCheck evaluates: `queries` queries of up to 600 documents (one in 500 of
 * 1,400 to 3,500), heavy
 * ties, unjudged and pooled labels, ideal labels beyond the ranking; and the names it checks,
 * every measure of the table at its cut-offs and parameter examples.
 */
export function selfCheckBatch(queries: number, seed = 0x7e1e): { batch: Batch; measures: string[] } {
  const next = rng(seed);
  const offsets = new Uint32Array(queries + 1);
  // a few long rankings too: deep ranks are where the platforms' log2 once made DCG differ by an ulp
  for (let q = 0; q < queries; q++) offsets[q + 1] = offsets[q]! + (q % 500 === 7 ? randInt(next, 1400, 3500) : next() < 0.9 ? randInt(next, 0, 40) : randInt(next, 41, 600));
  const total = offsets[queries]!;
  const scores = new Float64Array(total);
  const labels = new Int32Array(total);
  const docs: string[] = [];
  const ideal: number[][] = [];
  for (let q = 0; q < queries; q++) {
    // score levels for tie groups of a dozen documents or so at most: interpolated precision's
    // exact average costs O(m^2 r^2 n) in a group of n with r relevant (see docs/measures.md)
    const n = offsets[q + 1]! - offsets[q]!;
    const levels = Math.max(pick(next, [1, 2, 3, 10, 1e9]), Math.ceil(n / 12));
    for (let i = offsets[q]!; i < offsets[q + 1]!; i++) {
      scores[i] = randInt(next, 0, levels);
      labels[i] = pick(next, [-2, -1, 0, 0, 0, 1, 2, 3]);
      docs.push(`doc${randInt(next, 0, 1e9)}-${i}`);
    }
    ideal.push([...labels.subarray(offsets[q], offsets[q + 1]), ...Array.from({ length: randInt(next, 0, 5) }, () => randInt(next, 0, 3))]);
  }
  return { batch: { scores, labels, offsets, docs, idealLabels: ideal }, measures: MEASURES.flatMap((m: MeasureEntry) => selfCheckNames(m)) };
}

/**
 * Checks a backend against the TypeScript reference on seeded random batches (heavy ties,
 * unjudged labels, relevant documents not retrieved, every measure of the table at several
 * cut-offs and parameters, every tie mode; and ndeval's diversity measures on a quarter as many
 * queries, with and without a cut) and returns
 * the largest deviation and the count of values that differ in any bit. Use it to verify an
 * install: the backends compute the same operations, so any unequal value (or a deviation above
 * ~1e-12) means the backend is broken.
 * @param backend the backend to check; default the one `auto` selects
 * @param queries queries per tie mode (default 2000)
 */
export function selfCheck(backend: BackendName | 'auto' = 'auto', queries = 2000): SelfCheckResult {
  const name = resolveBackend(backend).name;
  const { batch, measures } = selfCheckBatch(queries);
  let maxDeviation = 0;
  let values = 0;
  let unequal = 0;
  // equal to the bit, NaN on both sides too (trec mode's interpolated precision of an empty ranking)
  const compare = (a: ArrayLike<number>, b: ArrayLike<number>): void => {
    for (let i = 0; i < b.length; i++) {
      if (!Object.is(a[i], b[i])) {
        unequal++;
        const d = Math.abs(a[i]! - b[i]!) / Math.max(1, Math.abs(b[i]!));
        maxDeviation = Math.max(maxDeviation, Number.isNaN(d) ? Infinity : d);
      }
      values++;
    }
  };
  for (const ties of MODES) {
    const want = evaluateBatch(batch, measures, { ties, backend: 'js' });
    const got = evaluateBatch(batch, measures, { ties, backend: name });
    for (const m of measures) compare(got.perQuery[m]!, want.perQuery[m]!);
  }
  // the diversity measures (ndeval's), with and without -M
  for (const batch of diversityCheckBatches(Math.ceil(queries / 4))) {
    const want = new Float64Array((batch.measures.length / 3) * batch.subtopicCounts.length);
    const got = new Float64Array(want.length);
    resolveBackend('js').diversity(batch, want);
    resolveBackend(name).diversity(batch, got);
    compare(got, want);
  }
  return { backend: name, queries, values, maxDeviation, unequal };
}
