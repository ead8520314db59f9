import { Bench } from 'tinybench';
import { evaluate } from '../src/index.js';
import { expandMeasures, parseAnyMeasure } from '../src/measures/expandNames.js';
import { hasSpread } from '../src/measures/spreads.js';

/** The group's documents (issue 34's setting). */
const DOCUMENTS = 100_000;

/**
 * Large tie groups (`--only large`): one query of 100,000 documents in one tie group, labels 0-4
 * (10% each of 1-4), native, one thread: every measure of all_trec and ERR alone, tie-aware
 * (`average`) against one order (`input`), and its sd where it has one, the median of 3 calls each. A measure whose exact
 * average the kernels refuse (G: too many combinations of gain counts; interpolated precision:
 * more than 2^30 steps, a few seconds each) is listed with its error.
 */
export async function largeGroupsBench(): Promise<void> {
  const labels = Int32Array.from({ length: DOCUMENTS }, (_, i) => (i % 10 < 4 ? (i % 10) + 1 : 0));
  const query = { scores: new Float64Array(DOCUMENTS), labels };
  const names = [...new Set([...expandMeasures('all_trec', 1).map((m) => m.name), 'ERR', 'ERR@20'])].filter((n) => n !== '');
  // refused measures by the reason (each IPrec level says the same)
  const refused = new Map<string, string[]>();
  const bench = new Bench({ name: 'large groups', iterations: 3, time: 0, warmupIterations: 1 });
  for (const name of names) {
    try {
      evaluate(query, [name], { backend: 'native' });
    } catch (e) {
      const reason = (e as Error).message.replaceAll(`${name}'s`, 'its').replaceAll(name, 'it');
      refused.set(reason, [...(refused.get(reason) ?? []), name]);
      continue;
    }
    for (const ties of ['average', 'input', ...(hasSpread(parseAnyMeasure(name)) ? (['sd'] as const) : [])] as const) bench.add(`${name} ${ties}`, () => evaluate(query, [name], { ties, backend: 'native' }));
  }
  await bench.run();
  const median = (task: string): number => {
    const r = bench.getTask(task)!.result;
    if (r.state !== 'completed') throw new Error(`benchmark ${task} did not complete: ${r.state === 'errored' ? r.error.message : r.state}`);
    return r.latency.p50;
  };
  const rows = names.filter((n) => bench.getTask(`${n} average`) !== undefined).map((n) => ({ measure: n, average: median(`${n} average`), input: median(`${n} input`), sd: bench.getTask(`${n} sd`) === undefined ? undefined : median(`${n} sd`) }));
  rows.sort((a, b) => b.average / Math.max(b.input, 0.1) - a.average / Math.max(a.input, 0.1));
  console.log(`\n## one tie group of ${DOCUMENTS} documents (labels 0-4), native, 1 thread; ms, median of 3 calls\n`);
  console.log('| measure | average | input | ratio | sd | sd / average |\n| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const sd = r.sd === undefined ? '| - | - |' : `| ${r.sd.toFixed(1)} | ${(r.sd / Math.max(r.average, 0.1)).toFixed(1)} |`;
    console.log(`| ${r.measure} | ${r.average.toFixed(1)} | ${r.input.toFixed(1)} | ${(r.average / Math.max(r.input, 0.1)).toFixed(1)} ${sd}`);
  }
  for (const [reason, names] of refused) console.log(`refused: ${names.join(', ')}: ${reason}`);
}
