import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { evaluateRun, type TieMode } from '../src/index.js';
import { loadAddon } from '../src/addon/addon.js';
import { resolveBackend } from '../src/backends/facade.js';
import { randInt, rng } from '../src/util/random.js';
import { NO_NATIVE } from './backends.js';

type Scores = Record<string, Record<string, number>>;

/**
 * 400 queries of 300-500 documents (about 160,000: three of evaluateRun's chunks of 65,536 and a
 * tail), scores of 12 levels (heavy ties), 0-3 labels for a third of the documents; the qrels
 * hold 10 queries the run lacks.
 */
function bigRun(seed: number): { run: Scores; qrels: Scores } {
  const next = rng(seed);
  const run: Scores = {};
  const qrels: Scores = {};
  for (let q = 0; q < 410; q++) {
    const qid = `q${String(q).padStart(3, '0')}`;
    const docs: Record<string, number> = {};
    const judged: Record<string, number> = {};
    const n = randInt(next, 300, 500);
    for (let i = 0; i < n; i++) {
      docs[`d${i}`] = randInt(next, 0, 11) / 2;
      if (randInt(next, 0, 2) === 0) judged[`d${i}`] = randInt(next, 0, 3);
    }
    if (q < 400) run[qid] = docs;
    qrels[qid] = judged;
  }
  return { run, qrels };
}

const MEASURES = ['AP', 'nDCG@10', 'P@5', 'RR', 'bpref', 'Rprec', 'R@100'];

/** The values and means of two results, to the bit. */
function expectSame(a: ReturnType<typeof evaluateRun>, b: ReturnType<typeof evaluateRun>): void {
  expect(a.queries).toEqual(b.queries);
  for (const name of Object.keys(b.perQuery)) {
    expect(Array.from(a.perQuery[name]!), name).toEqual(Array.from(b.perQuery[name]!));
    expect(Object.is(a.mean[name], b.mean[name]), `${name}: mean ${a.mean[name]} against ${b.mean[name]}`).toBe(true);
  }
}

describe.skipIf(NO_NATIVE !== undefined)('evaluateRun evaluating chunks while it reads (native, more than one thread)', () => {
  const native = resolveBackend('native');
  const { run, qrels } = bigRun(7);
  afterEach(() => vi.restoreAllMocks());

  it('starts chunks on the threads and gives the values of one batch on one thread and of the reference, in every mode', () => {
    const started = vi.spyOn(native, 'startBatch');
    for (const ties of ['average', 'trec', 'optimistic', 'pessimistic', 'input'] as TieMode[]) {
      for (const allQueries of [false, true]) {
        started.mockClear();
        const chunked = evaluateRun(qrels, run, MEASURES, { backend: 'native', threads: 2, ties, allQueries });
        expect(started.mock.calls.length, ties).toBeGreaterThanOrEqual(3);
        started.mockClear();
        expectSame(chunked, evaluateRun(qrels, run, MEASURES, { backend: 'native', threads: 1, ties, allQueries }));
        expect(started).not.toHaveBeenCalled();
        expectSame(chunked, evaluateRun(qrels, run, MEASURES, { backend: 'js', ties, allQueries }));
      }
    }
    const sd = ['P@10', 'nDCG@10', 'RR'];
    expectSame(evaluateRun(qrels, run, sd, { backend: 'native', threads: 3, ties: 'sd' }), evaluateRun(qrels, run, sd, { backend: 'js', ties: 'sd' }));
  });

  it('maxRank and judgedOnly reach the chunks', () => {
    for (const options of [{ maxRank: 50 }, { judgedOnly: true }]) {
      expectSame(evaluateRun(qrels, run, MEASURES, { backend: 'native', threads: 2, ...options }), evaluateRun(qrels, run, MEASURES, { backend: 'js', ...options }));
    }
  });

  /** The error a call throws, as its name, message, query and position. */
  const errorOf = (call: () => unknown): unknown => {
    try {
      call();
    } catch (e) {
      const { name, message, query, position } = e as { name: string; message: string; query?: number; position?: number };
      return { name, message, query, position };
    }
    throw new Error('no error');
  };

  /** No started batch is left waiting in the addon (joinBatch has none to join). */
  const nothingStarted = (): void => expect(() => loadAddon().joinBatch(new Int32Array(3))).toThrow(/no batch was started/);

  it('a value the kernels refuse in a later chunk: the error of one batch, and the threads free after it', () => {
    const bad = structuredClone(qrels);
    // a judged top-scored document of query 300 (the third chunk) whose exp gain overflows
    const doc = Object.keys(run.q300!).find((d) => run.q300![d] === 5.5)!;
    bad.q300![doc] = 1100;
    const measures = ['AP', "nDCG(dcg='exp-log2')@10"];
    const one = errorOf(() => evaluateRun(bad, run, measures, { backend: 'native', threads: 1 }));
    expect(one).toMatchObject({ name: 'InputError', query: 300, message: expect.stringMatching(/^query 'q300' \(index 300\): nDCG.*is not finite/) });
    expect(errorOf(() => evaluateRun(bad, run, measures, { backend: 'native', threads: 2 }))).toEqual(one);
    nothingStarted();
    expectSame(evaluateRun(qrels, run, MEASURES, { backend: 'native', threads: 2 }), evaluateRun(qrels, run, MEASURES, { backend: 'js' }));
  });

  it('a reading error while a chunk runs: the same error, the chunk joined', () => {
    const bad = structuredClone(run);
    bad.q350!.d3 = Number.NaN;
    const one = errorOf(() => evaluateRun(qrels, bad, MEASURES, { backend: 'native', threads: 1 }));
    expect(one).toMatchObject({ name: 'InputError', message: 'run: query q350, document d3: the score is not a number (NaN)' });
    const started = vi.spyOn(native, 'startBatch');
    expect(errorOf(() => evaluateRun(qrels, bad, MEASURES, { backend: 'native', threads: 2 }))).toEqual(one);
    expect(started).toHaveBeenCalled();
    nothingStarted();
    // measures refused: reported after the reading, as before (the reading error first)
    expect(errorOf(() => evaluateRun(qrels, bad, ['AP', 'nope'], { backend: 'native', threads: 2 }))).toEqual(one);
    expect(errorOf(() => evaluateRun(qrels, run, ['AP', 'nope'], { backend: 'native', threads: 2 }))).toEqual(errorOf(() => evaluateRun(qrels, run, ['AP', 'nope'], { backend: 'native', threads: 1 })));
  });

  it('a call from a getter while a chunk runs evaluates on its own thread, and both are right', () => {
    const small = bigRun(8);
    const expectedInner = evaluateRun(small.qrels, small.run, MEASURES, { backend: 'js', ties: 'trec' });
    const inner: ReturnType<typeof evaluateRun>[] = [];
    const hostile = { ...run, q390: { ...run.q390 } } as Scores;
    // read after two chunks have started: the nested calls find the threads busy
    Object.defineProperty(hostile.q390, 'd0', {
      enumerable: true,
      get: () => {
        inner.push(evaluateRun(small.qrels, small.run, MEASURES, { backend: 'native', threads: 2, ties: 'trec' }));
        return run.q390!.d0;
      },
    });
    const outer = evaluateRun(qrels, hostile, MEASURES, { backend: 'native', threads: 2, ties: 'trec' });
    expect(inner).toHaveLength(1);
    expectSame(inner[0]!, expectedInner);
    expectSame(outer, evaluateRun(qrels, run, MEASURES, { backend: 'js', ties: 'trec' }));
    nothingStarted();
  });

  const dist = fileURLToPath(new URL('../dist/index.js', import.meta.url));
  it.runIf(existsSync(dist))('a worker thread that ends while a chunk runs (process.exit in a getter, terminate) leaves the process whole', async () => {
    // the built package (a worker imports it without a TypeScript loader); the getter of query
    // 500 is read after three chunks have started
    const code = `
      const { workerData } = require('node:worker_threads');
      import(workerData.dist).then(({ evaluateRun }) => {
        const run = {}, qrels = {};
        for (let q = 0; q < 600; q++) {
          const docs = {}, judged = {};
          for (let i = 0; i < 400; i++) { docs['d' + i] = i % 13; if (i % 3 === 0) judged['d' + i] = i % 4; }
          run['q' + q] = docs;
          qrels['q' + q] = judged;
        }
        Object.defineProperty(run.q500, 'd0', { enumerable: true, get() { if (workerData.exit) process.exit(0); return 1; } });
        for (;;) evaluateRun(qrels, run, ['AP', 'nDCG@10'], { backend: 'native', threads: 2, ties: 'trec' });
      });`;
    for (let i = 0; i < 6; i++) {
      const exiting = new Worker(code, { eval: true, workerData: { dist: pathToFileURL(dist).href, exit: true } });
      expect((await new Promise((resolve) => exiting.on('exit', resolve))) as number).toBe(0);
      const looping = new Worker(code, { eval: true, workerData: { dist: pathToFileURL(dist).href, exit: false } });
      await new Promise((resolve) => setTimeout(resolve, 300 + 40 * i));
      await looping.terminate();
    }
    expectSame(evaluateRun(qrels, run, MEASURES, { backend: 'native', threads: 2 }), evaluateRun(qrels, run, MEASURES, { backend: 'js' }));
  });
});
