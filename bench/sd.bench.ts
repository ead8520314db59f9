import { Bench } from 'tinybench';
import { evaluateBatch } from '../src/index.js';
import { SIX_AT_10 } from './backends.bench.js';
import { inDegreeBatch } from './indegree.js';
import { ROUNDS, addRounds, backendRuns, collectRounds, printSection, runOf, type Row } from './report.js';

/**
 * The spread against the mean (`--only sd`): six @10 on the judged in-degree batch, tie mode
 * `sd` beside `average`, every backend, one thread and every core, in ROUNDS alternating rounds.
 */
export async function sdBench(time: number): Promise<void> {
  const batch = inDegreeBatch('judged');
  const bench = new Bench({ name: 'sd', time: time / ROUNDS, warmupTime: Math.min(time, 500) / ROUNDS });
  const runs = backendRuns();
  const rows: Row[] = runs.flatMap(({ backend, threads, label }) => (['average', 'sd'] as const).map((ties): Row => ({ name: `${label}: six @10, ${ties}`, run: () => evaluateBatch(batch, SIX_AT_10, { backend, threads, ties }) })));
  addRounds(bench, rows);
  await bench.run();
  const collected = collectRounds(bench, rows, batch.scores.length, (name) => ({ backend: runOf(runs, name).backend, threads: runOf(runs, name).threads, variant: 'judged', ties: name.endsWith('sd') ? 'sd' : 'average', measures: SIX_AT_10 }));
  printSection(`six @10, sd beside average, judged (${batch.offsets.length - 1} queries, ${batch.scores.length} results; medians over ${ROUNDS} alternating rounds)`, collected);
}
