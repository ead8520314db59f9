import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rng } from '../src/util/random.js';

/**
 * A deterministic, seeded stand-in for the paper's timing setting (McSherry & Najork, §3):
 * 28,043 web queries whose results are scored by page in-degree.
 * - results per query: log-normal with mean 2,383 (sigma 0.5), at least 20;
 * - scores: in-degree from a discrete power law P(d) ∝ (d + 1)^-2.1, so most are 0–3 and
 *   every query has huge tie groups;
 * - judgements: about 17 documents per query (a random subset of its results), labels 0–5
 *   weakly rising with in-degree.
 * Variants: `judged` retrieves only the judged documents (~477k results); `full` retrieves
 * every result (~66.7M), unjudged ones labelled -1, scores in no particular order.
 * Query q draws from its own seeded stream, so both variants share documents and labels.
 */
export type Variant = 'judged' | 'full';

export const QUERIES = 28_043;
const MEAN_RESULTS = 2_383;
const SIGMA = 0.5;
const MU = Math.log(MEAN_RESULTS) - (SIGMA * SIGMA) / 2;

/** One query: its result count and its judged results (positions and labels, by position). */
export interface InDegreeQuery {
  readonly n: number;
  readonly judged: Int32Array;
  readonly labels: Uint8Array;
}

function normal(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/** A uniform number in [0, 1) from two integers (a murmur3-style finaliser): documents need no stream of their own. */
function hashUniform(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** The in-degree of result i of query q: P(d) ∝ (d + 1)^-2.1, the floor of a Pareto variable with tail exponent 1.1, shifted by one. */
export function inDegreeAt(q: number, i: number): number {
  return Math.min(1e7, Math.floor((1 - hashUniform(q, i)) ** (-1 / 1.1) - 1));
}

/** Query q's shape and judgements, the same on every call. */
export function inDegreeQuery(q: number, seed = 2008): InDegreeQuery {
  const next = rng(seed * 1_000_003 + q);
  const n = Math.max(20, Math.round(Math.exp(MU + SIGMA * normal(next))));
  const count = Math.min(n, Math.max(1, Math.round(17 + 3 * normal(next))));
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(next() * n));
  const judged = Int32Array.from(chosen).sort();
  const labels = Uint8Array.from(judged, (i) => Math.max(0, Math.min(5, Math.round(0.4 + 0.45 * Math.log2(1 + inDegreeAt(q, i)) + normal(next)))));
  return { n, judged, labels };
}

/** The batch layout of a variant, ready for evaluateBatch: labels, offsets, and every query's judged labels. */
export interface InDegreeBatch {
  readonly variant: Variant;
  readonly scores: Float64Array;
  readonly labels: Int32Array;
  readonly offsets: Uint32Array;
  readonly idealLabels: { readonly labels: Uint8Array; readonly offsets: Uint32Array };
}

/** Generates a variant in memory (the full one takes ~800 MB). */
export function inDegreeBatch(variant: Variant, queries = QUERIES): InDegreeBatch {
  const shapes = Array.from({ length: queries }, (_, q) => inDegreeQuery(q));
  const offsets = new Uint32Array(queries + 1);
  const idealOffsets = new Uint32Array(queries + 1);
  shapes.forEach((shape, q) => {
    offsets[q + 1] = offsets[q]! + (variant === 'full' ? shape.n : shape.judged.length);
    idealOffsets[q + 1] = idealOffsets[q]! + shape.judged.length;
  });
  const scores = new Float64Array(offsets[queries]!);
  const labels = new Int32Array(offsets[queries]!);
  const ideal = new Uint8Array(idealOffsets[queries]!);
  shapes.forEach(({ n, judged, labels: judgedLabels }, q) => {
    ideal.set(judgedLabels, idealOffsets[q]!);
    const at = offsets[q]!;
    if (variant === 'judged') {
      judged.forEach((i, j) => {
        scores[at + j] = inDegreeAt(q, i);
        labels[at + j] = judgedLabels[j]!;
      });
      return;
    }
    labels.fill(-1, at, at + n);
    for (let i = 0; i < n; i++) scores[at + i] = inDegreeAt(q, i);
    judged.forEach((i, j) => (labels[at + i] = judgedLabels[j]!));
  });
  return { variant, scores, labels, offsets, idealLabels: { labels: ideal, offsets: idealOffsets } };
}

/**
 * Writes a variant as TREC files: the run (`qid Q0 docno rank score runid`, each query's
 * lines by score descending, ties in generation order) and the qrels (`qid 0 docno label`).
 */
export async function writeInDegreeTrec(variant: Variant, runPath: string, qrelsPath: string, queries = QUERIES): Promise<void> {
  const run = createWriteStream(runPath);
  const qrels = createWriteStream(qrelsPath);
  const write = async (stream: NodeJS.WritableStream, text: string): Promise<void> => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  for (let q = 0; q < queries; q++) {
    const { n, judged, labels } = inDegreeQuery(q);
    const qid = String(q + 1);
    let judgements = '';
    judged.forEach((i, j) => (judgements += `${qid} 0 D${qid}-${i} ${labels[j]}\n`));
    const kept = variant === 'full' ? Int32Array.from({ length: n }, (_, i) => i) : judged.slice();
    const inDegree = Float64Array.from(kept, (i) => inDegreeAt(q, i));
    const order = Array.from(kept.keys()).sort((a, b) => inDegree[b]! - inDegree[a]! || a - b);
    let lines = '';
    order.forEach((k, rank) => (lines += `${qid} Q0 D${qid}-${kept[k]} ${rank + 1} ${inDegree[k]} indegree\n`));
    await write(run, lines);
    await write(qrels, judgements);
  }
  run.end();
  qrels.end();
  await Promise.all([once(run, 'finish'), once(qrels, 'finish')]);
}
