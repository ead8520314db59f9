import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { evaluateBatch } from '../src/index.js';
import type { JudgedBatch } from '../src/backends/backend.js';
import { resolveBackend } from '../src/backends/facade.js';
import { addonPath } from '../src/addon/addon.js';
import { GAIN_SIZE, HEADER_SIZE, Row, compilePlan } from '../src/measures/plan.js';
import { Status } from '../src/core/status.js';
import { TIE_MODES } from '../src/ties/modes.js';
import { BACKENDS, NO_NATIVE } from './backends.js';
import { unless } from './support/skip.js';

const plan = compilePlan(['AP', 'nDCG@5', 'P@2']);
const judged = (): JudgedBatch => ({
  labels: Int32Array.of(1, 0, 2, 0, 1),
  offsets: Uint32Array.of(0, 3, 5),
  ideal: Int32Array.of(1, 0, 2, 0, 1),
  idealOffsets: Uint32Array.of(0, 3, 5),
  relevant: null,
});

describe.each(BACKENDS)('bad calls into the $name backend throw, none crashes', ({ name }) => {
  const backend = resolveBackend(name);

  it('wrong array types are TypeErrors', () => {
    expect(() => backend.prepare({ ...judged(), labels: Int16Array.of(1, 0, 2, 0, 1) as never }, plan)).toThrow(TypeError);
    expect(() => backend.prepare({ ...judged(), labels: [1, 0, 2, 0, 1] as never }, plan)).toThrow(TypeError);
    expect(() => backend.prepare({ ...judged(), offsets: [0, 3, 5] as never }, plan)).toThrow(TypeError);
    expect(() => backend.prepare({ ...judged(), relevant: [1, 1] as never }, plan)).toThrow(TypeError);
    const prepared = backend.prepare(judged(), plan);
    expect(() => prepared.evaluate([1, 2, 3, 4, 5] as never, null, TIE_MODES.average, new Float64Array(6))).toThrow(TypeError);
    expect(() => prepared.evaluate(new Float64Array(5), null, TIE_MODES.trec, new Float64Array(6))).toThrow(TypeError);
    expect(() => prepared.evaluate(new Float64Array(5), null, TIE_MODES.average, new Float64Array(5))).toThrow(TypeError);
  });

  it('short offsets, offsets past the end, decreasing offsets and wrong lengths are RangeErrors', () => {
    expect(() => backend.prepare({ ...judged(), offsets: Uint32Array.of(0, 3) }, plan)).toThrow(RangeError);
    expect(() => backend.prepare({ ...judged(), offsets: Uint32Array.of(0, 3, 9) }, plan)).toThrow(RangeError);
    expect(() => backend.prepare({ ...judged(), offsets: Uint32Array.of(0, 4, 3, 5) }, plan)).toThrow(RangeError);
    expect(() => backend.prepare({ ...judged(), offsets: new Uint32Array(0) }, plan)).toThrow(RangeError);
    expect(() => backend.prepare({ ...judged(), idealOffsets: Uint32Array.of(0, 5) }, plan)).toThrow(RangeError);
    const prepared = backend.prepare(judged(), plan);
    expect(() => prepared.evaluate(new Float64Array(4), null, TIE_MODES.average, new Float64Array(6))).toThrow(RangeError);
    expect(() => prepared.evaluate(new Float64Array(5), null, 9, new Float64Array(6))).toThrow(RangeError);
  });

  it('a malformed plan is refused before a kernel reads it', () => {
    const bad = { ...plan, rows: plan.rows.slice(), packed: plan.packed.slice() };
    bad.rows[2] = 7;
    bad.packed[HEADER_SIZE + 1 + 2 + Row.THRESHOLD] = 7; // measure 0's relevance column: past the one level
    expect(() => backend.prepare(judged(), bad)).toThrow(RangeError);
  });

  it('NaN scores and fractional labels come back as statuses naming query and position', () => {
    const prepared = backend.prepare(judged(), plan);
    expect(prepared.status[0]).toBe(Status.OK);
    expect(prepared.evaluate(Float64Array.of(1, 2, 3, 4, NaN), null, TIE_MODES.average, new Float64Array(6))).toBe(Status.SCORE_NAN);
    expect(Array.from(prepared.status)).toEqual([Status.SCORE_NAN, 1, 1]);
    const fractional = backend.prepare({ ...judged(), labels: Float64Array.of(1, 0, 2, 0.5, 1), ideal: Float64Array.of(1, 0, 2, 0, 1) }, plan);
    expect(Array.from(fractional.status)).toEqual([Status.LABEL_NOT_INTEGER, 1, 0]);
    expect(() =>
      evaluateBatch({ scores: Float64Array.of(1, 2, 3, 4, NaN), labels: Int32Array.of(1, 0, 2, 0, 1), offsets: Uint32Array.of(0, 3, 5) }, ['AP'], { backend: name }),
    ).toThrow(/query 1: score at position 1 is NaN/);
  });
});

unless(NO_NATIVE).describe('the raw addon validates what it receives', () => {
  const addon = createRequire(import.meta.url)(addonPath()) as Record<string, (...args: unknown[]) => unknown>;
  const ok = judged();
  const constants = new Float64Array(2 * plan.constantsPerQuery);
  const status = new Int32Array(3);

  it('prepareQueries: wrong argument counts and types throw TypeError, bad values RangeError', () => {
    expect(() => addon.prepareQueries!()).toThrow(TypeError);
    expect(() => addon.prepareQueries!(null, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, constants, status, 1)).toThrow(TypeError);
    expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, [1, 2], constants, status, 1)).toThrow(TypeError);
    expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, new Float64Array(1), status, 1)).toThrow(TypeError);
    expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, constants, new Int32Array(2), 1)).toThrow(TypeError);
    expect(() => addon.prepareQueries!(ok.labels, Uint32Array.of(0, 9), ok.ideal, Uint32Array.of(0, 5), null, plan.packed, new Float64Array(plan.constantsPerQuery), status, 1)).toThrow(RangeError);
    const packed = plan.packed.slice();
    packed[0] = 1e9;
    expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, packed, constants, status, 1)).toThrow(RangeError);
    // a header claiming more rows than the array holds: refused before a row is read
    packed[0] = 1 << 20;
    expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, packed, constants, status, 1)).toThrow(/plan: length does not match its header/);
    const flags = plan.packed.slice();
    flags[HEADER_SIZE + plan.thresholds.length + GAIN_SIZE * plan.gainType.length + Row.FLAGS] = 1e300; // measure 0's
    expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, flags, constants, status, 1)).toThrow(/measure row 0: unknown flags/);
    expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, constants, status)).toThrow(/takes 9 arguments/);
    expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, constants, status, '2')).toThrow(TypeError);
    for (const threads of [0, 1.5, 257, NaN]) {
      expect(() => addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, constants, status, threads)).toThrow(/threads must be an integer from 1 to 256/);
    }
  });

  it('evaluateQueries: wrong types, lengths, modes and tie keys throw', () => {
    addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, constants, status, 1);
    const out = new Float64Array(6);
    const scores = new Float64Array(5);
    expect(() => addon.evaluateQueries!(scores, ok.labels, ok.offsets, null, 0, plan.packed, constants, out)).toThrow(TypeError);
    expect(() => addon.evaluateQueries!(new Float32Array(5), ok.labels, ok.offsets, null, 0, plan.packed, constants, out, status, 1)).toThrow(TypeError);
    expect(() => addon.evaluateQueries!(new Float64Array(4), ok.labels, ok.offsets, null, 0, plan.packed, constants, out, status, 1)).toThrow(RangeError);
    expect(() => addon.evaluateQueries!(scores, ok.labels, ok.offsets, null, 3, plan.packed, constants, out, status, 1)).toThrow(TypeError);
    expect(() => addon.evaluateQueries!(scores, ok.labels, ok.offsets, null, 2.5, plan.packed, constants, out, status, 1)).toThrow(RangeError);
    expect(() => addon.evaluateQueries!(scores, ok.labels, ok.offsets, null, 0, plan.packed, constants, new Float64Array(2), status, 1)).toThrow(TypeError);
    expect(() => addon.evaluateQueries!(scores, ok.labels, ok.offsets, null, 0, plan.packed, constants, out, status)).toThrow(/takes 10 arguments/);
    expect(() => addon.evaluateQueries!(scores, ok.labels, ok.offsets, null, 0, plan.packed, constants, out, status, null)).toThrow(TypeError);
    expect(() => addon.evaluateQueries!(scores, ok.labels, ok.offsets, null, 0, plan.packed, constants, out, status, 0)).toThrow(RangeError);
    expect(addon.evaluateQueries!(scores, ok.labels, ok.offsets, null, 0, plan.packed, constants, out, status, 1)).toBe(0);
    expect(Array.from(status)).toEqual([0, -1, -1]);
  });

  it('evaluateBatch: the checks and the values of prepareQueries then evaluateQueries', () => {
    const args = (change: Record<number, unknown> = {}): unknown[] =>
      [ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, null, status, 1, Float64Array.of(3, 1, 2, 5, 4), null, 0, new Float64Array(6)].map((v, i) => (i in change ? change[i] : v));
    expect(() => addon.evaluateBatch!(...args().slice(0, 12))).toThrow(/takes 13 arguments/);
    expect(() => addon.evaluateBatch!(...args({ 6: new Float64Array(constants.length) }))).toThrow(/constants must be null/);
    expect(() => addon.evaluateBatch!(...args({ 0: [1, 0] }))).toThrow(TypeError);
    expect(() => addon.evaluateBatch!(...args({ 3: Uint32Array.of(0, 5) }))).toThrow(RangeError);
    expect(() => addon.evaluateBatch!(...args({ 8: 0 }))).toThrow(RangeError);
    expect(() => addon.evaluateBatch!(...args({ 9: new Float64Array(4) }))).toThrow(RangeError);
    expect(() => addon.evaluateBatch!(...args({ 11: 3, 10: null }))).toThrow(TypeError);
    expect(() => addon.evaluateBatch!(...args({ 12: new Float64Array(5) }))).toThrow(TypeError);
    const once = args();
    expect(addon.evaluateBatch!(...once)).toBe(0);
    const twice = new Float64Array(6);
    const prepared = new Float64Array(constants.length);
    addon.prepareQueries!(ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, prepared, status, 1);
    addon.evaluateQueries!(once[9], ok.labels, ok.offsets, null, 0, plan.packed, prepared, twice, status, 1);
    expect(Array.from(once[12] as Float64Array)).toEqual(Array.from(twice));
    expect(Array.from(twice).some((v) => v > 0)).toBe(true);
  });

  it("startBatch and joinBatch: evaluateBatch's checks, a small batch run at once, a join without a start refused", () => {
    const args = (change: Record<number, unknown> = {}): unknown[] =>
      [ok.labels, ok.offsets, ok.ideal, ok.idealOffsets, null, plan.packed, null, status, 2, Float64Array.of(3, 1, 2, 5, 4), null, 0, new Float64Array(6)].map((v, i) => (i in change ? change[i] : v));
    expect(() => addon.startBatch!(...args().slice(0, 12))).toThrow(/takes 13 arguments/);
    expect(() => addon.startBatch!(...args({ 0: [1, 0] }))).toThrow(TypeError);
    expect(() => addon.startBatch!(...args({ 8: 0 }))).toThrow(RangeError);
    expect(() => addon.startBatch!(...args({ 9: new Float64Array(4) }))).toThrow(RangeError);
    expect(() => addon.startBatch!(...args({ 12: new Float64Array(5) }))).toThrow(TypeError);
    // two queries are not worth a thread: run now, the status holds the code
    const now = args();
    status.fill(9);
    expect(addon.startBatch!(...now)).toBe(false);
    expect(Array.from(status)).toEqual([0, -1, -1]);
    const batch = args({ 8: 1 });
    addon.evaluateBatch!(...batch);
    expect(Array.from(now[12] as Float64Array)).toEqual(Array.from(batch[12] as Float64Array));
    expect(() => addon.joinBatch!(status)).toThrow(/no batch was started/);
    expect(() => addon.joinBatch!(new Int32Array(2))).toThrow(TypeError);
  });
});
