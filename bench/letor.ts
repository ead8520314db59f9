import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { rng } from '../src/util/random.js';

/**
 * A deterministic, seeded learning-to-rank set shaped like MSLR-WEB30K: 31,531 queries of about
 * 120 documents (log-normal, 5 to 1,250), 3.77M rows in all, 136 dense features, labels 0-4 in
 * MSLR's proportions (about 52/32/13/2/1 %). Each document has a latent relevance; feature f
 * follows it with its own strength and sign (some features rank the relevant documents last), as:
 * - f % 3 === 1: a small integer count (0 to about 30; most documents tie),
 * - f % 3 === 2: a score quantised to two decimals (some ties),
 * - f % 3 === 0: a continuous score with six significant digits (few ties).
 * Query q draws from its own seeded stream, so any prefix of the queries is the same in every size.
 */
export const MSLR_QUERIES = 31_531;
export const MSLR_FEATURES = 136;
const MEAN_ROWS = 120;
const SIGMA = 0.6;
const MU = Math.log(MEAN_ROWS) - (SIGMA * SIGMA) / 2;
// label thresholds on a standard normal latent relevance: P(label >= k) = 48, 16, 3, 1 %
const THRESHOLDS = [-0.05, 0.99, 1.88, 2.33];

function normal(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/** One query: labels and the values column-major (feature f of row r at values[(f - 1) * rows + r]). */
export interface LetorSample {
  readonly rows: number;
  readonly labels: Float64Array;
  readonly values: Float64Array;
}

/** The strength (signed) with which feature f follows relevance. */
function strength(f: number): number {
  const next = rng(7919 * f);
  return (next() * 1.4 - 0.4) * (next() < 0.5 ? 0.3 : 1);
}
const STRENGTHS = Array.from({ length: MSLR_FEATURES + 1 }, (_, f) => strength(f));

/** Query q (from 0), the same on every call. */
export function letorQuery(q: number, features = MSLR_FEATURES, seed = 30_000): LetorSample {
  const next = rng(seed * 1_000_003 + q);
  const rows = Math.max(5, Math.min(1250, Math.round(Math.exp(MU + SIGMA * normal(next)))));
  const labels = new Float64Array(rows);
  const values = new Float64Array(rows * features);
  for (let r = 0; r < rows; r++) {
    const latent = normal(next);
    let label = 0;
    while (label < 4 && latent > THRESHOLDS[label]!) label++;
    labels[r] = label;
    for (let f = 1; f <= features; f++) {
      const x = STRENGTHS[f]! * latent + normal(next);
      const at = (f - 1) * rows + r;
      if (f % 3 === 1) values[at] = Math.max(0, Math.floor(Math.exp(0.9 * x)));
      else if (f % 3 === 2) values[at] = Math.round(100 / (1 + Math.exp(-x))) / 100;
      else values[at] = Number((10 / (1 + Math.exp(-x))).toPrecision(6));
    }
  }
  return { rows, labels, values };
}

/** One row as a LETOR line: `label qid:q 1:v 2:v ...`. */
export function letorLine(sample: LetorSample, q: number, r: number, features = MSLR_FEATURES): string {
  const parts = [`${sample.labels[r]} qid:${q + 1}`];
  for (let f = 1; f <= features; f++) parts.push(`${f}:${sample.values[(f - 1) * sample.rows + r]}`);
  return parts.join(' ');
}

/** Writes the first `queries` queries as a LETOR file; returns the row count. */
export async function writeLetor(path: string, queries = MSLR_QUERIES, features = MSLR_FEATURES): Promise<number> {
  const out = createWriteStream(path);
  let rows = 0;
  let chunk: string[] = [];
  for (let q = 0; q < queries; q++) {
    const sample = letorQuery(q, features);
    for (let r = 0; r < sample.rows; r++) chunk.push(letorLine(sample, q, r, features));
    rows += sample.rows;
    if (chunk.length >= 4096 || q === queries - 1) {
      if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
      chunk = [];
    }
  }
  out.end();
  await once(out, 'finish');
  return rows;
}
