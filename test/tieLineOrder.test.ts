import { describe, expect, it } from 'vitest';
import { evaluateBatch, evaluateRun } from '../src/index.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';

// Issue "Reliability, second round", finding 11: a tie average or sd is an expectation over the
// orderings of each group, so the order of the group's lines in the input must not move it, not
// even in the last bit. Measures with fractional gains (sums that round) and sd's per-document
// squared deviations were the ones that moved.
const NAMES = [
  'SDCG(max_rel=3)@5', 'INSQ(max_rel=3)', 'INSQ(T=2,max_rel=2)', 'G(gains={1:0.3,2:0.3,3:1.1})', 'nDCG(gains={1:0.1,2:0.7,3:2.3})@10',
  'nDCG@5', 'nDCG', 'DCG@10', 'RBP(p=0.8)', 'RBP(p=0.7,gain=label)', 'Rndcg', 'Rndcg(gains={1:0.3,2:1.1})', 'AP', 'P@5', 'ERR@10', 'ndcg_rel',
];
/** sd's names: those with a closed form (the others are listed or sampled from the sorted labels, which no line order reaches). */
const SD_NAMES = NAMES.filter((name) => !/^(G|ERR|ndcg_rel)\b/.test(name));

/**
 * Queries of every size the kernels treat apart: up to 32 documents (counted without ordering
 * in average mode), larger ones with a cut-off inside a group (the group crossing it, gathered
 * unsorted, from a heap or a selection) or none; labels in a few grades with unjudged ones, and
 * in some queries spanning over 64 values (the counting sort gives way to a comparison sort).
 */
function randomBatch(seed: number, queries: number): { scores: Float64Array; labels: Int32Array; offsets: Uint32Array } {
  const next = rng(seed);
  const offsets = new Uint32Array(queries + 1);
  const scores: number[] = [];
  const labels: number[] = [];
  for (let q = 0; q < queries; q++) {
    const n = q % 3 === 0 ? randInt(next, 2, 32) : randInt(next, 33, 160);
    const levels = randInt(next, 1, 4);
    const wide = q % 7 === 6;
    for (let i = 0; i < n; i++) {
      scores.push(randInt(next, 0, levels - 1));
      labels.push(wide && next() < 0.2 ? 70 : randInt(next, -1, 3));
    }
    offsets[q + 1] = offsets[q]! + n;
  }
  return { scores: Float64Array.from(scores), labels: Int32Array.from(labels), offsets };
}

/** The same queries with each one's lines shuffled (ties land in another order; scores still rank the groups). */
function shuffled(batch: ReturnType<typeof randomBatch>, seed: number): ReturnType<typeof randomBatch> {
  const next = rng(seed);
  const scores = batch.scores.slice();
  const labels = batch.labels.slice();
  for (let q = 0; q + 1 < batch.offsets.length; q++) {
    for (let i = batch.offsets[q + 1]! - 1; i > batch.offsets[q]!; i--) {
      const j = randInt(next, batch.offsets[q]!, i);
      [scores[i], scores[j]] = [scores[j]!, scores[i]!];
      [labels[i], labels[j]] = [labels[j]!, labels[i]!];
    }
  }
  return { scores, labels, offsets: batch.offsets };
}

describe('tie averages and spreads do not depend on the order of a group\'s lines', () => {
  const batch = randomBatch(11, 150);
  const other = shuffled(batch, 12);
  for (const backend of BACKENDS) {
    for (const ties of ['average', 'sd'] as const) {
      it(`${backend.name}, ${ties}: every value equal to the bit after shuffling every query's lines`, () => {
        const names = ties === 'sd' ? SD_NAMES : NAMES;
        const a = evaluateBatch(batch, names, { ...backend.options, ties });
        const b = evaluateBatch(other, names, { ...backend.options, ties });
        for (const name of names) {
          const x = a.perQuery[name]!;
          const y = b.perQuery[name]!;
          for (let q = 0; q < x.length; q++) {
            if (!Object.is(x[q], y[q])) expect.fail(`${name}, query ${q}: ${x[q]} against ${y[q]}`);
          }
        }
      });
    }
  }

  it('objects keyed by integer-like ids (which JavaScript orders by number) give the file order\'s values', () => {
    const qrels = { q: { '10': 3, '2': 2, '7': 0, '3': 0, '11': 2, '5': 2 } };
    const inFileOrder = new Map(Object.entries({ '10': 1, '2': 1, '7': 1, '3': 1, '11': 1, '5': 1 }));
    const byNumber = { q: { '2': 1, '3': 1, '5': 1, '7': 1, '10': 1, '11': 1 } };
    const a = evaluateRun(qrels, { q: Object.fromEntries(inFileOrder) }, ['SDCG(max_rel=3)@5', 'INSQ(max_rel=3)']);
    const b = evaluateRun(qrels, byNumber, ['SDCG(max_rel=3)@5', 'INSQ(max_rel=3)']);
    expect(a.mean).toEqual(b.mean);
    // the expectation itself, over the 6! orderings of one group of six: SDCG@5 with gains l/3
    // averages 5/6 of the gain mass (1/6 of each document falls past rank 5) over the ideal's
    expect(b.mean['SDCG(max_rel=3)@5']).toBeCloseTo(0.5, 15);
  });
});
