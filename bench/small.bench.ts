import { Bench } from 'tinybench';
import { backendInfo, evaluateBatch } from '../src/index.js';
import { inDegreeBatch } from './indegree.js';
import { SIX_AT_10 } from './backends.bench.js';
import { ROUNDS, addRounds, collectRounds, printSection, type Row } from './report.js';

/** The first `queries` queries of the judged in-degree batch. */
function head(queries: number): { scores: Float64Array; labels: Int32Array; offsets: Uint32Array } {
  const all = inDegreeBatch('judged', queries);
  return { scores: all.scores, labels: all.labels, offsets: all.offsets };
}

/**
 * Per-call cost of each backend on small batches (1 to 1,000 judged in-degree queries): where
 * the fixed cost of crossing into WASM or the addon outweighs the faster kernels. `auto`
 * routes batches below the crossing point to the TypeScript reference. Rows in ROUNDS
 * alternating rounds (medians over the rounds).
 */
export async function smallBench(time: number): Promise<void> {
  for (const queries of [1, 2, 4, 8, 100]) {
    const batch = head(queries);
    const bench = new Bench({ name: `small ${queries}`, time: time / 4 / ROUNDS, warmupTime: 100 / ROUNDS });
    const rows = backendInfo().available.map((backend): Row => ({ name: `${backend}: ${queries} queries`, run: () => evaluateBatch(batch, SIX_AT_10, { backend }) }));
    addRounds(bench, rows);
    await bench.run();
    const collected = collectRounds(bench, rows, batch.scores.length, (name) => ({ backend: name.split(':')[0]!, threads: 1, variant: `judged[0..${queries})`, ties: 'average', measures: SIX_AT_10 }));
    printSection(`small batches: ${queries} queries (${batch.scores.length} results; medians over ${ROUNDS} alternating rounds)`, collected);
  }
}
