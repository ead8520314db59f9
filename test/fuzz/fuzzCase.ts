import { evaluate, evaluateBatch, evaluateRun, MEASURES, prepare, type BackendName } from '../../src/index.js';
import { pick, randInt, rng } from '../../src/util/random.js';

/**
 * One fuzz case, made from its seed alone (so a failure is replayed from the seed): an API call
 * (`evaluate`, `evaluateBatch`, `prepare` then `evaluate`, `evaluateRun`) with random and mutated
 * measure names, tie modes, options and arrays (typed-array kinds, views, shared and resizable
 * buffers, NaN, infinities, -0, huge and fractional labels, broken offsets).
 */
export interface FuzzCall {
  readonly seed: number;
  readonly call: 'evaluate' | 'evaluateBatch' | 'prepare' | 'evaluateRun';
  run(backend: BackendName): unknown;
}

export const SPECIAL = [Number.NaN, Infinity, -Infinity, -0, 0, 1e308, -1e308, 5e-324, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 0.5, 1e15];

function number(next: () => number, ints: number, hostile: boolean): number {
  const r = next();
  if (hostile && r < 0.03) return pick(next, SPECIAL);
  return r < 0.85 ? randInt(next, 0, ints) : Math.round(next() * 1e6) / 1e3;
}

function label(next: () => number, hostile: boolean): number {
  const r = next();
  if (hostile && r < 0.03) return pick(next, SPECIAL);
  return r < 0.97 ? randInt(next, -2, 4) : randInt(next, 0, 2000);
}

/** Values in a random array kind: the three label arrays, Float32Array, plain arrays, views at an offset, shared or resizable buffers, rarely BigInt64Array. */
function arrayOf(next: () => number, values: number[], kinds: readonly string[]): unknown {
  const kind = pick(next, kinds);
  if (kind === 'array') return values;
  if (kind === 'bigint') return BigInt64Array.from(values.map((v) => (Number.isFinite(v) ? BigInt(Math.trunc(v)) : 0n)));
  const Type = { f64: Float64Array, i32: Int32Array, u8: Uint8Array, f32: Float32Array, u32: Uint32Array }[kind as 'f64']!;
  const bytes = Type.BYTES_PER_ELEMENT;
  const place = next();
  const pad = randInt(next, 0, 3);
  const buffer = place < 0.7 ? new ArrayBuffer((values.length + pad) * bytes) : place < 0.85 ? new SharedArrayBuffer((values.length + pad) * bytes) : new (ArrayBuffer as unknown as new (n: number, o: { maxByteLength: number }) => ArrayBuffer)((values.length + pad) * bytes, { maxByteLength: (values.length + pad + 8) * bytes });
  const view = new Type(buffer, pad * bytes, values.length);
  view.set(values as never);
  return view;
}

/** A measure name: a valid one with random cut-off and parameters, or (hostile) a mutation of one. */
function measureName(next: () => number, hostile: boolean): string {
  const m = pick(next, MEASURES);
  const r = next();
  const recalls = hostile ? [0, 0.1, 0.5, 1, 1.5, -1] : [0, 0.1, 0.5, 1];
  const cutoffs = hostile ? [1, 2, 5, 10, 100, 0, -3, 4294967296, 1e15 + 1] : [1, 2, 3, 5, 10, 20, 100];
  const cut = m.cutoff === 'none' ? '' : m.cutoff === 'recall' ? `@${pick(next, recalls)}` : m.cutoff === 'required' || next() < 0.7 ? `@${pick(next, cutoffs)}` : '';
  const param = m.params.length > 0 && next() < 0.4 ? (() => {
    const p = pick(next, m.params);
    return `(${p.name}=${!hostile || next() < 0.7 ? pick(next, p.examples) : pick(next, ['1e15+1', '-1', 'x', '', '0.5', '3'])})`;
  })() : '';
  const name = `${m.name}${param}${cut}`;
  if (!hostile || r < 0.8) return name;
  const i = randInt(next, 0, name.length);
  return name.slice(0, i) + pick(next, ['', '@', '(', ')', ',', '=', 'x', '@@']) + name.slice(i + 1);
}

export function fuzzCase(seed: number): FuzzCall {
  const next = rng(seed);
  // a third of the cases hostile: special values, wrong array kinds, broken offsets, mutated names
  const hostile = next() < 0.3;
  const measures = Array.from({ length: randInt(next, 1, 3) }, () => measureName(next, hostile));
  const ties = !hostile || next() < 0.9 ? pick(next, ['average', 'optimistic', 'pessimistic', 'trec', 'input']) : pick(next, ['best', '', 'AVERAGE']);
  const options: Record<string, unknown> = { ties };
  if (next() < 0.2) options.maxRank = pick(next, hostile ? [0, 1, 3, 10, -1, 2.5] : [0, 1, 3, 10]);
  if (next() < 0.2) options.judgedOnly = next() < 0.5;
  if (next() < 0.1) options.threads = pick(next, hostile ? [1, 2, 0, 300] : [1, 2]);
  const call = pick(next, ['evaluate', 'evaluateBatch', 'evaluateBatch', 'prepare', 'evaluateRun'] as const);
  const queries = randInt(next, 0, 5);
  const sizes = Array.from({ length: queries }, () => (next() < 0.9 ? randInt(next, 0, 12) : randInt(next, 13, 80)));
  const total = sizes.reduce((a, b) => a + b, 0);
  const levels = randInt(next, 1, 6);
  const scores = Array.from({ length: total }, () => number(next, levels, hostile));
  const labels = Array.from({ length: total }, () => label(next, hostile));
  const docs = Array.from({ length: total }, (_, i) => (!hostile || next() < 0.97 ? `d${randInt(next, 0, 40)}_${i}` : 'dup'));
  const offsets = [0];
  for (const s of sizes) offsets.push(offsets.at(-1)! + s);
  if (hostile && next() < 0.1) offsets[randInt(next, 0, offsets.length - 1)] = randInt(next, 0, total + 2);
  // ideal labels: the ranking's judged labels and more, or (hostile) anything
  const idealLabels = next() < 0.2 ? sizes.map((size, q) => [...labels.slice(offsets[q], offsets[q]! + (hostile ? randInt(next, 0, size) : size)), ...Array.from({ length: randInt(next, 0, 8) }, () => label(next, hostile))]) : undefined;
  const relevant = next() < 0.1 ? Float64Array.from(sizes, () => (!hostile || next() < 0.8 ? randInt(next, 0, 30) : pick(next, SPECIAL))) : undefined;
  const withDocs = ties === 'trec' || next() < 0.3;
  const scoreArray = arrayOf(next, scores, hostile ? ['f64', 'f64', 'f32', 'array'] : ['f64']);
  const labelArray = arrayOf(next, labels, hostile ? ['f64', 'i32', 'u8', 'array', 'f32', 'bigint'] : labels.every((l) => l >= 0) ? ['f64', 'i32', 'u8'] : ['f64', 'i32']);
  const offsetArray = arrayOf(next, offsets, hostile ? ['u32', 'u32', 'u32', 'i32'] : ['u32']);
  const backendOptions = (backend: BackendName): Record<string, unknown> => ({ ...options, backend });
  switch (call) {
    case 'evaluate': {
      const n = sizes[0] ?? 0;
      const query = { scores: scores.slice(0, n), labels: labels.slice(0, n), ...(withDocs ? { docs: docs.slice(0, n) } : {}), ...(idealLabels ? { idealLabels: idealLabels[0] } : {}), ...(relevant ? { relevant: relevant[0] } : {}) };
      return { seed, call, run: (b) => evaluate(query as never, measures, backendOptions(b)) };
    }
    case 'evaluateBatch':
    case 'prepare': {
      const batch = { scores: scoreArray, labels: labelArray, offsets: offsetArray, ...(withDocs ? { docs } : {}), ...(idealLabels ? { idealLabels } : {}), ...(relevant ? { relevant } : {}) };
      if (call === 'evaluateBatch') return { seed, call, run: (b) => evaluateBatch(batch as never, measures, backendOptions(b)).perQuery };
      return {
        seed,
        call,
        run: (b) => {
          const { scores: _s, ...judged } = batch;
          const evaluator = prepare(labelArray as never, offsetArray as never, measures, { ...backendOptions(b), ...judged } as never);
          return [scoreArray, Float64Array.from({ length: total }, () => 0)].map((s) => ({ ...evaluator.evaluate(s as never).perQuery }));
        },
      };
    }
    case 'evaluateRun': {
      const qrels: Record<string, Record<string, number>> = {};
      const run: Record<string, Record<string, number>> = {};
      sizes.forEach((size, q) => {
        for (let i = offsets[q]!; i < offsets[q]! + size; i++) {
          if (next() < 0.7) (qrels[`q${q}`] ??= {})[docs[i]!] = labels[i]!;
          if (next() < 0.9) (run[`q${q}`] ??= {})[docs[i]!] = scores[i]!;
        }
      });
      return {
        seed,
        call,
        run: (b) => {
          const { backend: _backend, ...values } = evaluateRun(qrels, run, measures, backendOptions(b));
          return values;
        },
      };
    }
  }
}
