import { Bench } from 'tinybench';
import { prepare } from '../src/index.js';
import { SIX_AT_10 } from './backends.bench.js';
import { inDegreeBatch } from './indegree.js';
import { ROUNDS, addRounds, backendRuns, collectRounds, printSection, runOf, type Row } from './report.js';

/** The prepared evaluator, per call: the judged batch, all six @10, new scores every call, in ROUNDS alternating rounds. */
export async function preparedBench(time: number): Promise<void> {
  const batch = inDegreeBatch('judged');
  const bench = new Bench({ name: 'prepared', time: time / ROUNDS, warmupTime: Math.min(time, 500) / ROUNDS });
  const runs = backendRuns();
  const rows = runs.map(({ backend, threads, label }): Row => {
    const evaluator = prepare(batch.labels, batch.offsets, SIX_AT_10, { backend, threads, idealLabels: batch.idealLabels });
    const scores = batch.scores.slice();
    let call = 0;
    return {
      name: `${label}: prepared six @10`,
      run: () => {
        scores[call++ % scores.length] += 1;
        evaluator.evaluate(scores);
      },
    };
  });
  addRounds(bench, rows);
  await bench.run();
  const collected = collectRounds(bench, rows, batch.scores.length, (name) => ({ backend: runOf(runs, name).backend, threads: runOf(runs, name).threads, variant: 'judged', ties: 'average', measures: SIX_AT_10 }));
  printSection(`prepared evaluator: one call with new scores, judged, six @10 (medians over ${ROUNDS} alternating rounds)`, collected);
}
