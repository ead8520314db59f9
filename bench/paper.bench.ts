import { Bench } from 'tinybench';
import { backendInfo, prepare } from '../src/index.js';
import { inDegreeBatch } from './indegree.js';
import { collect, printSection, results } from './report.js';

/** The paper's experiment: each measure tie-oblivious (a fixed order: `input`) against tie-aware (`average`). */
export const PAPER_MEASURES = ['P@10', 'R@10', 'F1@10', 'AP', 'RR', 'nDCG@10'];

/**
 * McSherry & Najork §3 on the judged in-degree batch: per backend and measure, the time of one
 * evaluation of prepared judgements with new scores, ties `input` and `average` side by side;
 * the ratio column of each pair is tie-aware / tie-oblivious.
 */
export async function paperBench(time: number): Promise<void> {
  const batch = inDegreeBatch('judged');
  for (const backend of backendInfo().available) {
    const bench = new Bench({ name: `paper ${backend}`, time, warmupTime: Math.min(time, 300) });
    for (const measure of PAPER_MEASURES) {
      for (const ties of ['input', 'average'] as const) {
        const evaluator = prepare(batch.labels, batch.offsets, [measure], { ties, backend, idealLabels: batch.idealLabels });
        bench.add(`${backend}: ${measure} ${ties}`, () => {
          evaluator.evaluate(batch.scores);
        });
      }
    }
    await bench.run();
    const before = results.length;
    collect(bench, batch.scores.length, (name) => {
      const [, measure = '', ties = ''] = /: (\S+) (\S+)$/.exec(name) ?? [];
      return { backend, variant: 'judged', ties, measures: [measure] };
    });
    const rows = results.slice(before);
    for (let i = 0; i < rows.length; i += 2) printSection(`paper experiment, ${backend}: ${rows[i]!.measures[0]} (ratio = tie-aware / tie-oblivious)`, rows.slice(i, i + 2));
  }
}
