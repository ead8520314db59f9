import { Bench } from 'tinybench';
import { backendInfo, prepare } from '../src/index.js';
import { inDegreeBatch } from './indegree.js';
import { ROUNDS, addRounds, collectRounds, printSection, type Row } from './report.js';

/** The paper's experiment: each measure tie-oblivious (a fixed order: `input`) against tie-aware (`average`). */
export const PAPER_MEASURES = ['P@10', 'R@10', 'F1@10', 'AP', 'RR', 'nDCG@10'];

/**
 * McSherry & Najork §3 on the judged in-degree batch: per backend and measure, the time of one
 * evaluation of prepared judgements with new scores, ties `input` and `average` side by side,
 * in ROUNDS alternating rounds (medians over the rounds); the ratio column of each pair is
 * tie-aware / tie-oblivious.
 */
export async function paperBench(time: number): Promise<void> {
  const batch = inDegreeBatch('judged');
  for (const backend of backendInfo().available) {
    const bench = new Bench({ name: `paper ${backend}`, time: time / ROUNDS, warmupTime: Math.min(time, 300) / ROUNDS });
    const pairs = PAPER_MEASURES.map((measure) =>
      (['input', 'average'] as const).map((ties): Row => {
        const evaluator = prepare(batch.labels, batch.offsets, [measure], { ties, backend, idealLabels: batch.idealLabels });
        return { name: `${backend}: ${measure} ${ties}`, run: () => evaluator.evaluate(batch.scores) };
      }),
    );
    addRounds(bench, pairs.flat());
    await bench.run();
    PAPER_MEASURES.forEach((measure, i) => {
      const rows = collectRounds(bench, pairs[i]!, batch.scores.length, (name) => ({ backend, threads: 1, variant: 'judged', ties: name.endsWith('average') ? 'average' : 'input', measures: [measure] }));
      printSection(`paper experiment, ${backend}: ${measure} (ratio = tie-aware / tie-oblivious; medians over ${ROUNDS} alternating rounds)`, rows);
    });
  }
}
