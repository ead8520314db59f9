import { Bench } from 'tinybench';
import { evaluateBatch } from '../src/index.js';
import { inDegreeBatch, type Variant } from './indegree.js';
import { backendRuns, collect, printSection, results, runOf } from './report.js';

/** The six measures at 10 of the paper's timing experiment. */
export const SIX_AT_10 = ['P@10', 'R@10', 'F1@10', 'AP@10', 'RR@10', 'nDCG@10'];

/**
 * Throughput of each backend on the in-degree batch: all six @10 measures in one call,
 * tie-aware (average), the backends side by side in one run (native also on every core).
 */
export async function backendsBench(variant: Variant, time: number): Promise<void> {
  const batch = inDegreeBatch(variant);
  // a full-variant call takes seconds: a few samples suffice
  const bench = new Bench(variant === 'full' ? { name: 'six @10, full', iterations: 3, time: 0, warmupIterations: 1 } : { name: `six @10, ${variant}`, time, warmupTime: Math.min(time, 500) });
  const runs = backendRuns().filter((r) => variant !== 'full' || r.backend !== 'js');
  for (const { backend, threads, label } of runs) {
    bench.add(`${label}: six @10 (${variant})`, () => {
      evaluateBatch(batch, SIX_AT_10, { backend, threads });
    });
  }
  await bench.run();
  const before = results.length;
  collect(bench, batch.scores.length, (name) => ({ backend: runOf(runs, name).backend, threads: runOf(runs, name).threads, variant, ties: 'average', measures: SIX_AT_10 }));
  printSection(`all six @10 in one call, ${variant} (${batch.offsets.length - 1} queries, ${batch.scores.length} results)`, results.slice(before));
}
