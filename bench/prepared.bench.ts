import { Bench } from 'tinybench';
import { prepare } from '../src/index.js';
import { SIX_AT_10 } from './backends.bench.js';
import { inDegreeBatch } from './indegree.js';
import { backendRuns, collect, printSection, results, runOf } from './report.js';

/** The prepared evaluator, per call: the judged batch, all six @10, new scores every call. */
export async function preparedBench(time: number): Promise<void> {
  const batch = inDegreeBatch('judged');
  const bench = new Bench({ name: 'prepared', time, warmupTime: Math.min(time, 500) });
  const runs = backendRuns();
  for (const { backend, threads, label } of runs) {
    const evaluator = prepare(batch.labels, batch.offsets, SIX_AT_10, { backend, threads, idealLabels: batch.idealLabels });
    const scores = batch.scores.slice();
    let call = 0;
    bench.add(`${label}: prepared six @10`, () => {
      scores[call++ % scores.length] += 1;
      evaluator.evaluate(scores);
    });
  }
  await bench.run();
  const before = results.length;
  collect(bench, batch.scores.length, (name) => ({ backend: runOf(runs, name).backend, threads: runOf(runs, name).threads, variant: 'judged', ties: 'average', measures: SIX_AT_10 }));
  printSection('prepared evaluator: one call with new scores, judged, six @10', results.slice(before));
}
