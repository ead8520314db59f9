import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUNDS, printSection, results, type BenchResult } from './report.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MEASURES = ['nDCG@10', 'AP'];

/** A fresh process's per-call times of one-query calls: the first call, calls 2-1,000, and calls past 100,000 (warm), in ms, as one JSON line. */
const TIE_EVAL = `
import { evaluate } from ${JSON.stringify(`${ROOT}dist/index.js`)};
let x = 3; const r = () => ((x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32);
const qs = Array.from({ length: 1000 }, () => ({ scores: Array.from({ length: 18 }, () => Math.floor(r() * 5)), labels: Array.from({ length: 18 }, () => Math.floor(r() * 3)) }));
const m = ${JSON.stringify(MEASURES)};
const time = (from, to) => { const s = performance.now(); for (let i = from; i < to; i++) evaluate(qs[i % 1000], m); return (performance.now() - s) / (to - from); };
const first = time(0, 1); const early = time(1, 1000); time(1000, 100000); const warm = time(100000, 150000);
console.log(JSON.stringify({ first, early, warm }));`;

/** The same with pytrec_eval (its evaluator kept per query, as a caller with fixed judgements holds it). */
const PYTREC = `
import json, random, time
import pytrec_eval
random.seed(3)
qs = [({'q': {f'd{i}': random.randrange(3) for i in range(18)}}, {'q': {f'd{i}': float(random.randrange(5)) for i in range(18)}}) for _ in range(1000)]
evs = [pytrec_eval.RelevanceEvaluator(q, {'map', 'ndcg_cut.10'}) for q, _ in qs]
def span(a, b):
    s = time.perf_counter()
    for i in range(a, b): evs[i % 1000].evaluate(qs[i % 1000][1])
    return (time.perf_counter() - s) * 1000 / (b - a)
first = span(0, 1); early = span(1, 1000); span(1000, 100000); warm = span(100000, 150000)
print(json.dumps({'first': first, 'early': early, 'warm': warm}))`;

/**
 * One query per call, as an optimizer calls (18 documents, nDCG@10 and AP): evaluate() in a fresh
 * process per round (the built package: `npm run build` first), its first call, calls 2-1,000
 * (V8 still compiling) and calls past 100,000 (warm); beside pytrec_eval's where PYTREC_PYTHON
 * names a Python that imports it (its evaluator kept: judgements fixed, a lighter task than
 * evaluate's, which takes them each call). Medians over ROUNDS alternating rounds.
 */
export function warmupBench(): void {
  if (!existsSync(`${ROOT}dist/index.js`)) throw new Error('dist/index.js is missing: run npm run build first');
  const python = process.env.PYTREC_PYTHON;
  const runs: Record<string, { first: number; early: number; warm: number }[]> = { 'tie-eval evaluate()': [] };
  if (python !== undefined) runs['pytrec_eval (evaluator kept)'] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of round % 2 === 0 ? Object.keys(runs) : Object.keys(runs).reverse()) {
      const child = name.startsWith('tie-eval') ? spawnSync(process.execPath, ['--input-type=module', '-e', TIE_EVAL], { encoding: 'utf8' }) : spawnSync(python!, ['-c', PYTREC], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`${name}: ${child.stderr}`);
      runs[name]!.push(JSON.parse(child.stdout.trim().split('\n').at(-1)!));
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rows: BenchResult[] = Object.entries(runs).flatMap(([name, rounds]) =>
    (['first', 'early', 'warm'] as const).map((phase) => {
      const ms = median(rounds.map((r) => r[phase]));
      return { name: `${name}, ${phase === 'first' ? 'first call' : phase === 'early' ? 'calls 2-1,000' : 'calls past 100,000'}`, backend: 'auto', threads: 1, variant: 'one query of 18 documents', ties: 'average', measures: MEASURES, medianMs: ms, p75Ms: ms, samples: rounds.length, docsPerSec: 18 / (ms / 1000) };
    }),
  );
  results.push(...rows);
  printSection(`one query a call, per call (a fresh process per round; medians over ${ROUNDS} rounds)`, rows);
}
