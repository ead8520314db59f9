import { Bench } from 'tinybench';
import { evaluateBatch } from '../src/index.js';
import { inDegreeBatch, type Variant } from './indegree.js';
import { ROUNDS, addRounds, backendRuns, collectRounds, printSection, runOf, type Row } from './report.js';

/** The six measures at 10 of the paper's timing experiment. */
export const SIX_AT_10 = ['P@10', 'R@10', 'F1@10', 'AP@10', 'RR@10', 'nDCG@10'];

/**
 * Throughput of each backend on the in-degree batch: all six @10 measures in one call,
 * tie-aware (average), the backends side by side in one run (native also on every core), in
 * ROUNDS alternating rounds (medians over the rounds).
 */
export async function backendsBench(variant: Variant, time: number): Promise<void> {
  const batch = inDegreeBatch(variant);
  // a full-variant call takes seconds: one sample per round suffices
  const bench = new Bench(variant === 'full' ? { name: 'six @10, full', iterations: 1, time: 0, warmupIterations: 1 } : { name: `six @10, ${variant}`, time: time / ROUNDS, warmupTime: Math.min(time, 500) / ROUNDS });
  const runs = backendRuns().filter((r) => variant !== 'full' || r.backend !== 'js');
  const rows = runs.map(({ backend, threads, label }): Row => ({ name: `${label}: six @10 (${variant})`, run: () => evaluateBatch(batch, SIX_AT_10, { backend, threads }) }));
  addRounds(bench, rows);
  await bench.run();
  const collected = collectRounds(bench, rows, batch.scores.length, (name) => ({ backend: runOf(runs, name).backend, threads: runOf(runs, name).threads, variant, ties: 'average', measures: SIX_AT_10 }));
  printSection(`all six @10 in one call, ${variant} (${batch.offsets.length - 1} queries, ${batch.scores.length} results; medians over ${ROUNDS} alternating rounds)`, collected);
}
