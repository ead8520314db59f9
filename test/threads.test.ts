import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { evaluateBatch, prepare, type TieMode } from '../src/index.js';
import { pick, randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';

/** The built package, which a worker thread can import without a TypeScript loader. */
const DIST = fileURLToPath(new URL('../dist/index.js', import.meta.url));

const MEASURES = ['P@10', 'R@10', 'F1@10', 'AP@10', 'RR@10', 'nDCG@10', 'AP', 'RR', 'bpref', 'Rprec'];

/** 2,500 queries of 0-100 documents (some 125,000: several threads' worth), heavy ties. */
function bigBatch(seed: number) {
  const next = rng(seed);
  const queries = 2500;
  const offsets = new Uint32Array(queries + 1);
  for (let q = 0; q < queries; q++) offsets[q + 1] = offsets[q]! + randInt(next, 0, 100);
  const total = offsets[queries]!;
  const labels = Int32Array.from({ length: total }, () => pick(next, [-1, 0, 0, 0, 1, 2, 3]));
  const scores = Float64Array.from({ length: total }, () => randInt(next, 0, 6));
  const docs = Array.from({ length: total }, (_, i) => `D${randInt(next, 0, 9999)}#${i}`);
  return { scores, labels, offsets, docs };
}

describe.each(BACKENDS)('the threads option ($name backend)', ({ options }) => {
  it('is an integer from 1 to 256: else InputError, or InputTypeError for a non-number', () => {
    const b = bigBatch(1);
    for (const threads of [0, -1, 1.5, 257, NaN, Infinity]) {
      expect(() => evaluateBatch(b, ['AP'], { ...options, threads })).toThrow(/threads must be an integer from 1 to 256/);
      expect(() => prepare(b.labels, b.offsets, ['AP'], { ...options, threads })).toThrow(/threads must be an integer from 1 to 256/);
    }
    expect(() => evaluateBatch(b, ['AP'], { ...options, threads: '2' as never })).toThrow(TypeError);
  });

  it('does not change a value: 1, 2, 3 and 8 threads give the same values to the bit', () => {
    const b = bigBatch(2);
    for (const ties of ['average', 'trec', 'pessimistic'] as TieMode[]) {
      const one = evaluateBatch(b, MEASURES, { ...options, ties, threads: 1 });
      for (const threads of [2, 3, 8]) {
        const many = evaluateBatch(b, MEASURES, { ...options, ties, threads });
        for (const m of MEASURES) expect(Array.from(many.perQuery[m]!), `${m} (${ties}), ${threads} threads`).toEqual(Array.from(one.perQuery[m]!));
      }
    }
  });

  it('reports the bad input at the lowest query, whichever thread met it', () => {
    const b = bigBatch(3);
    // a NaN late in the batch, another early: the early one is named
    const late = b.offsets[2400]!;
    const early = b.offsets[7]! + 1;
    const scores = b.scores.slice();
    scores[late] = NaN;
    expect(() => evaluateBatch({ ...b, scores }, MEASURES, { ...options, threads: 2 })).toThrow(/query 2400: score at position 0 is NaN/);
    scores[early] = NaN;
    expect(() => evaluateBatch({ ...b, scores }, MEASURES, { ...options, threads: 2 })).toThrow(/query 7: score at position 1 is NaN/);
    // step 0 too: fractional labels in two queries
    const labels = Float64Array.from(b.labels);
    labels[b.offsets[2000]! + 2] = 0.5;
    labels[b.offsets[30]!] = 1.5;
    expect(() => evaluateBatch({ ...b, labels }, MEASURES, { ...options, threads: 3 })).toThrow(/query 30: label at position 0 is 1.5/);
    // bad labels (step 0) are named before a NaN score, even one at a lower query
    const fractional = Float64Array.from(b.labels);
    fractional[b.offsets[2000]! + 2] = 0.5;
    for (const threads of [1, 2]) {
      expect(() => evaluateBatch({ ...b, labels: fractional, scores }, MEASURES, { ...options, threads })).toThrow(/query 2000: label at position 2 is 0.5/);
    }
  });

  it('an empty batch, one query and fewer queries than threads run on one thread', () => {
    const empty = evaluateBatch({ scores: new Float64Array(0), labels: new Int32Array(0), offsets: Uint32Array.of(0) }, ['AP'], { ...options, threads: 8 });
    expect(Array.from(empty.perQuery.AP!)).toEqual([]);
    expect(empty.mean.AP).toBeNaN();
    // one query of 100,000 documents: more than a thread's share, but one query is never split
    const n = 100_000;
    const one = { scores: Float64Array.from({ length: n }, (_, i) => i % 7), labels: Int32Array.from({ length: n }, (_, i) => (i % 11 === 0 ? 1 : 0)), offsets: Uint32Array.of(0, n) };
    expect(evaluateBatch(one, ['AP', 'P@10'], { ...options, threads: 4 }).perQuery).toEqual(evaluateBatch(one, ['AP', 'P@10'], { ...options, threads: 1 }).perQuery);
  });

  it('a prepared evaluator on several threads gives the values of one thread, call after call', () => {
    const b = bigBatch(4);
    const one = prepare(b.labels, b.offsets, MEASURES, { ...options, threads: 1 });
    const two = prepare(b.labels, b.offsets, MEASURES, { ...options, threads: 2 });
    const next = rng(5);
    for (let round = 0; round < 3; round++) {
      const scores = Float64Array.from(b.scores, () => randInt(next, 0, 4));
      const want = one.evaluate(scores);
      const got = two.evaluate(scores);
      for (const m of MEASURES) expect(Array.from(got.perQuery[m]!)).toEqual(Array.from(want.perQuery[m]!));
    }
  });
});

// The addon keeps its threads between calls (native/workerPool.hpp) and stops them with the
// Node environment; the WASM backend keeps worker threads (src/backends/wasmThreads.ts), unref'd.
// A worker thread that used them must still exit, and not hang in a join or a wait.
const COMPILED = BACKENDS.filter((b) => b.name !== 'js');
describe.runIf(existsSync(DIST) && COMPILED.length > 0).each(COMPILED)('the $name threads kept between calls', ({ name }) => {
  it('serve calls of 4, 2 and 8 threads in turn, and a worker thread that used them exits', async () => {
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      import(workerData.dist).then(({ evaluateBatch }) => {
        const b = workerData.batch;
        const means = [4, 2, 8].map((threads) => evaluateBatch(b, ['AP', 'nDCG@10'], { backend: workerData.backend, threads }).mean);
        parentPort.postMessage(means);
      });`;
    const b = bigBatch(7);
    const worker = new Worker(code, { eval: true, workerData: { dist: pathToFileURL(DIST).href, backend: name, batch: { scores: b.scores, labels: b.labels, offsets: b.offsets } } });
    const [means] = (await once(worker, 'message')) as [Record<string, number>[]];
    const [exitCode] = (await once(worker, 'exit')) as [number];
    expect(exitCode).toBe(0);
    const want = evaluateBatch({ scores: b.scores, labels: b.labels, offsets: b.offsets }, ['AP', 'nDCG@10'], { backend: 'js' }).mean;
    for (const mean of means) for (const m of ['AP', 'nDCG@10']) expect(mean[m]).toBeCloseTo(want[m]!, 12);
  });
});
