import { Bench } from 'tinybench';
import { evaluateBatch } from '../src/index.js';
import { expandMeasures } from '../src/measures/expandNames.js';
import { inDegreeBatch } from './indegree.js';

/**
 * Where `-m all_trec` spends its time (`--only measures`): on the judged in-degree batch, native,
 * one thread, every measure of all_trec alone in `average` and in `input` mode (trec_eval's cost:
 * one order, no tie expectation), as the median of 5 calls less that of P@10 alone (the fixed
 * cost of a call); the costliest 15, then all of them in one call. Then all of them on the batch
 * with its document ids (what trec mode needs, checked in every mode) in average, trec and input
 * mode. Diagnostic: for the all_trec speed work (docs/performance.md).
 */
export async function measuresBench(): Promise<void> {
  const b = inDegreeBatch('judged');
  const batch = { scores: b.scores, labels: b.labels, offsets: b.offsets, idealLabels: b.idealLabels };
  const names = [...new Set(expandMeasures('all_trec', 1).map((m) => m.name))].filter((n) => n !== '');
  const bench = new Bench({ name: 'all_trec by measure', iterations: 5, time: 0, warmupIterations: 1 });
  const tasks = [['P@10'], ...names.filter((n) => n !== 'P@10').map((n) => [n]), names];
  for (const measures of tasks) for (const ties of ['average', 'input'] as const) bench.add(`${measures.length > 1 ? 'all_trec' : measures[0]} ${ties}`, () => evaluateBatch(batch, measures, { ties, backend: 'native' }));
  const docs = Array.from({ length: b.scores.length }, (_, i) => `D${i}`);
  const modes = ['average', 'trec', 'input'] as const;
  for (const ties of modes) bench.add(`all_trec with ids ${ties}`, () => evaluateBatch({ ...batch, docs }, names, { ties, backend: 'native' }));
  await bench.run();
  const median = (name: string): number => {
    const r = bench.getTask(name)!.result;
    if (r.state !== 'completed') throw new Error(`benchmark ${name} did not complete: ${r.state === 'errored' ? r.error.message : r.state}`);
    return r.latency.p50;
  };
  const cost = (name: string, ties: string): number => median(`${name} ${ties}`) - median(`P@10 ${ties}`);
  const rows = names.map((n) => ({ measure: n, average: cost(n, 'average'), input: cost(n, 'input') })).sort((x, y) => y.average - x.average);
  console.log(`\n## all_trec by measure (judged in-degree, ${b.offsets.length - 1} queries, native, 1 thread; ms, median of 5 less P@10's)\n`);
  console.log('| measure | average | input | ratio |\n| --- | --- | --- | --- |');
  for (const r of rows.slice(0, 15)) console.log(`| ${r.measure} | ${r.average.toFixed(1)} | ${r.input.toFixed(1)} | ${(r.average / Math.max(r.input, 0.1)).toFixed(1)} |`);
  console.log(`| all ${names.length} in one call | ${median('all_trec average').toFixed(0)} | ${median('all_trec input').toFixed(0)} | ${(median('all_trec average') / median('all_trec input')).toFixed(2)} |`);
  const withIds = modes.map((ties) => median(`all_trec with ids ${ties}`));
  console.log(`\nall ${names.length} with document ids (ms): ${modes.map((ties, i) => `${ties} ${withIds[i]!.toFixed(0)}`).join(', ')}; average / trec ${(withIds[0]! / withIds[1]!).toFixed(2)}`);
}
