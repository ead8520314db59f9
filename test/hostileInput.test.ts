import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBatch, evaluateRuns, FileError, InputError, InputTypeError, prepare } from '../src/index.js';
import { BACKENDS, NO_NATIVE } from './backends.js';
import { unless } from './support/skip.js';
import { cli } from './support/cli.js';
import { runChild } from './support/child.js';
import { scratchFiles } from './support/scratchFiles.js';

const { file } = scratchFiles('hostile');

describe('hostile callers cannot crash the addon', () => {
  unless(NO_NATIVE).it('offsets on a SharedArrayBuffer that another thread writes during the call (C1)', () => {
    const child = runChild(
      `
import { Worker } from 'node:worker_threads';
import { evaluateBatch } from './src/index.ts';
const queries = 200_000;
const shared = new SharedArrayBuffer(4 * (queries + 1));
const offsets = new Uint32Array(shared);
for (let q = 0; q <= queries; q++) offsets[q] = 3 * q;
const scores = new Float64Array(3 * queries).map((_, i) => i % 5);
const labels = new Int32Array(3 * queries).map((_, i) => i % 2);
// the worker flips one offset between its value and one far past the end, about every half millisecond:
// a call that checked the good value then reads the bad one, unless it reads only what it checked
const worker = new Worker("import { workerData } from 'node:worker_threads'; const o = new Uint32Array(workerData); const pause = new Int32Array(new SharedArrayBuffer(4)); for (;;) { Atomics.store(o, 1000, 3000); Atomics.wait(pause, 0, 0, 0.5); Atomics.store(o, 1000, 0xfffffff0); Atomics.wait(pause, 0, 0, 0.5); }", { eval: true, workerData: shared });
let threw = 0;
for (let round = 0; round < 40; round++) {
  try { evaluateBatch({ scores, labels, offsets }, ['AP', 'nDCG@10'], { backend: 'native', threads: 2 }); } catch (e) { if (!(e instanceof RangeError)) throw e; threw++; }
}
await worker.terminate();
console.log('survived', threw);`,
      { TIE_EVAL_BACKEND: '' },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    expect(child.stdout).toMatch(/^survived \d+$/m);
  });

  unless(NO_NATIVE).it('trec tie keys at the ends of int32 compare without overflow (C2)', () => {
    const child = runChild(
      `
import { loadAddon } from './src/addon/addon.ts';
import { compilePlan } from './src/measures/plan.ts';
const addon = loadAddon();
const plan = compilePlan(['RR']);
const status = new Int32Array(3);
const constants = new Float64Array(plan.constantsPerQuery);
const labels = Int32Array.of(0, 1, 0);
const offsets = Uint32Array.of(0, 3);
addon.prepareQueries(labels, offsets, labels, offsets, null, plan.packed, constants, status, 1);
const out = new Float64Array(1);
// all tied: trec order puts the smallest key first, here the relevant document's
addon.evaluateQueries(Float64Array.of(1, 1, 1), labels, offsets, Int32Array.of(2147483647, -2147483648, 2147483646), 3, plan.packed, constants, out, status, 1);
console.log(out[0]);`,
      { TIE_EVAL_BACKEND: '' },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('1');
  });
});

describe.each(BACKENDS)('judgements handed over ($name)', ({ options }) => {
  const labels = Int32Array.of(1, 0, 1, 0, 0, 1);
  const offsets = Uint32Array.of(0, 3, 6);
  const scores = Float64Array.of(3, 2, 1, 1, 2, 3);

  it('prepare keeps its own copy: later changes to the arrays change nothing (H1, W4)', () => {
    const l = labels.slice();
    const o = offsets.slice();
    const evaluator = prepare(l, o, ['AP', 'bpref', 'R@3'], options);
    const before = { ...evaluator.evaluate(scores).mean };
    o[1] = 9;
    l.fill(7);
    expect({ ...evaluator.evaluate(scores).mean }).toEqual(before);
    expect(before).toEqual(evaluateBatch({ scores, labels, offsets }, ['AP', 'bpref', 'R@3'], options).mean);
  });

  it('refuses labels beyond ±(2^31 - 1) and gains that overflow a double (W1)', () => {
    expect(() => evaluate({ scores: [2, 1], labels: [1.7e308, 1.7e308] }, ['nDCG'], options)).toThrow(/query 0: label at position 0 is 1\.7e\+308, beyond the labels allowed/);
    expect(() => evaluate({ scores: [2, 1], labels: [1100, 0] }, ['nDCG(gain=exp)'], options)).toThrow(/query 0: nDCG\(gain=exp\) is not finite: its gains overflow a double/);
    expect(() => evaluate({ scores: [2, 1], labels: [1100, 0] }, ['DCG(gain=exp)'], options)).toThrow(InputError);
    // the kernels report it: the query and the measure's row, in a batch and in prepare's loop
    const batch = { scores: Float64Array.of(2, 1, 2, 1), labels: Int32Array.of(1, 0, 0, 1100), offsets: Uint32Array.of(0, 2, 4) };
    expect(() => evaluateBatch(batch, ['P@1', 'nDCG(gain=exp)@2'], options)).toThrow(/^query 1: nDCG\(gain=exp\)@2 is not finite/);
    expect(() => prepare(batch.labels, batch.offsets, ['P@1', 'nDCG(gain=exp)@2'], options).evaluate(batch.scores)).toThrow(/^query 1: nDCG\(gain=exp\)@2 is not finite/);
  });

  it('names an array whose buffer was transferred (detached)', () => {
    const s = Float64Array.of(3, 2, 1, 1, 2, 3);
    structuredClone(s.buffer, { transfer: [s.buffer] });
    expect(() => evaluateBatch({ scores: s, labels, offsets }, ['AP'], options)).toThrow(/batch.scores is empty: was its buffer transferred to another thread, detaching it\?/);
    // one query: the bare V8 TypeError ("Cannot perform %TypedArray%.prototype.values on a detached ArrayBuffer") before
    expect(() => evaluate({ scores: s, labels: [1, 0, 0, 1, 0, 0] }, ['AP'], options)).toThrow(/query.scores's buffer was transferred to another thread \(detached\)/);
  });

  it('names a typed array of BigInts in evaluate (a bare "Cannot convert a BigInt value to a number" before)', () => {
    expect(() => evaluate({ scores: new BigInt64Array(2) as unknown as number[], labels: [1, 0] }, ['AP'], options)).toThrow(/query.scores is a BigInt64Array: give numbers/);
    expect(() => evaluate({ scores: [2, 1], labels: new BigUint64Array(2) as unknown as number[] }, ['AP'], options)).toThrow(InputTypeError);
  });

  it('refuses idealLabels that lack a retrieved judged label (W2), and R = NaN (W3)', () => {
    expect(() => evaluate({ scores: [2, 1], labels: [3, 0], idealLabels: [1, 0] }, ['nDCG'], options)).toThrow(/query 0: the label 3 at position 0 is not among its idealLabels/);
    expect(evaluate({ scores: [2, 1], labels: [3, 0], idealLabels: [0, 3, 1] }, ['nDCG'], options).nDCG).toBeCloseTo(3 / (3 + 1 / Math.log2(3)), 14);
    expect(() => evaluate({ scores: [2, 1], labels: [1, 0], relevant: Number.NaN }, ['AP'], options)).toThrow(/relevant \(R\) is NaN/);
  });
});

describe('files as hostile input', () => {
  const qrels = 'examples/qrels.txt';
  const run = readFileSync('examples/run.txt', 'utf8');
  const p10 = async (runPath: string, backend: 'native' | 'wasm' | 'js' = 'js'): Promise<number> => (await evaluateRuns(qrels, [runPath], { measures: ['P@10'], backend })).runs[0]!.summary.get('average')![0]!;

  it('a UTF-8 byte-order mark is skipped, by both readers (W7)', async () => {
    const plain = await p10('examples/run.txt');
    for (const b of BACKENDS) expect(await p10(file(`bom-${b.name}.txt`, `\uFEFF${run}`), b.name)).toBe(plain);
  });

  it('CR-only line ends are refused, not read as one line (W5)', async () => {
    const path = file('cr.txt', run.replace(/\n/g, '\r'));
    for (const b of BACKENDS) await expect(p10(path, b.name)).rejects.toThrow(/cr\.txt: a bare CR \(carriage return without a line feed\) at byte \d+: lines must end with LF or CRLF/);
    // CRLF is fine
    expect(await p10(file('crlf.txt', run.replace(/\n/g, '\r\n')))).toBe(await p10('examples/run.txt'));
  });

  it('qrels labels outside int32 are refused the same by both readers (W6)', async () => {
    for (const label of ['2147483648', '-2147483649', '99999999999999']) {
      const path = file(`big-${label}.qrels`, `q1 0 q1-d01 ${label}\n`);
      for (const b of BACKENDS) {
        await expect(evaluateRuns(path, ['examples/run.txt'], { measures: ['nDCG'], backend: b.name })).rejects.toThrow(/:1: the label \(4th field\) is not an integer from -2147483648 to 2147483647/);
      }
    }
  });

  it('a long line ends the read at the limit, gzip or not, in linear time (H3)', async () => {
    const zeros = Buffer.alloc(8 << 20, 48);
    for (const [name, bytes] of [['long.txt', zeros], ['long.txt.gz', gzipSync(zeros)]] as const) {
      const e = await evaluateRuns(qrels, [file(name, bytes)], { measures: ['P@10'] }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(FileError);
      expect((e as Error).message).toMatch(/:1: this line is longer than 1048576 bytes; it begins "0000/);
      expect((e as Error).message.length).toBeLessThan(300);
    }
    // by its line number, counted on this error's path alone (issue "Reliability, second round", 16)
    const third = Buffer.concat([Buffer.from('q1 Q0 a 1 1 r\n\nq1 Q0 b 2 1 r\n'), zeros]);
    for (const [name, bytes] of [['third.txt', third], ['third.txt.gz', gzipSync(third)]] as const) {
      const e = await evaluateRuns(qrels, [file(name, bytes)], { measures: ['P@10'] }).catch((x: unknown) => x);
      expect((e as FileError).line).toBe(4);
      expect((e as Error).message).toMatch(new RegExp(`${name.replace('.', '\\.')}:4: this line is longer than 1048576 bytes`));
    }
  });

  it('clear errors: compare with one run, a full output disk, a huge bad line, a cut-off past uint32', async () => {
    const one = await cli('compare', qrels, 'examples/run.txt');
    expect([one.code, one.stdout, one.stderr]).toEqual([1, '', 'tie-eval: error: compare needs at least two runs, got 1\n']);
    const full = await cli('-o', '/dev/full', qrels, 'examples/run.txt');
    expect(full.stderr).toBe('tie-eval: error: cannot write /dev/full: ENOSPC\n');
    // written in place: an atomic rename would have replaced the device with a file
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
    const long = await cli(qrels, file('wide.txt', `q1 Q0 d 1 x${'y'.repeat(100_000)} r\n`));
    expect(long.code).toBe(1);
    expect(long.stderr.length).toBeLessThan(500);
    expect(long.stderr).toMatch(/wide\.txt:1: the score \(5th field\) is not a number\n {2}1 \| q1 Q0 d 1 xyyy.*… \(100013 characters\)/);
    expect(() => evaluate({ scores: [1], labels: [1] }, ['P@4294967296'])).toThrow(/cut-off '4294967296' is not a positive integer up to 4294967295/);
    const none = await cli('-m', ',', qrels, 'examples/run.txt');
    expect([none.code, none.stdout]).toEqual([1, '']);
    expect(none.stderr).toMatch(/unknown measure ',': no measure name given/);
  });

  it('a long number that ends badly is refused in linear time, by both readers (found by the fuzz campaign)', async () => {
    // the TypeScript reader's decimal pattern once backtracked quadratically here (54 s for this line)
    const path = file('digits.txt', `q1 Q0 d 1 ${'0'.repeat(500_000)}\u00c3.48 r\n`);
    for (const b of BACKENDS) await expect(p10(path, b.name)).rejects.toThrow(/digits\.txt:1: the score \(5th field\) is not a number/);
  });

  it('threads are bounded (H2)', async () => {
    await expect(evaluateRuns(qrels, ['examples/run.txt'], { threads: 1e9 })).rejects.toThrow(/threads must be an integer from 1 to \d+ \(4 per core\), not 1000000000/);
    const r = await cli('--threads', '1000000000', qrels, 'examples/run.txt');
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toMatch(/threads must be an integer from 1 to/);
  });
});
