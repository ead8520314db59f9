import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { benchAgainst } from './against.js';
import { machine, writeJson } from './report.js';

/**
 * `npm run bench [-- --json FILE] [--full] [--time MS] [--only NAME,...] [--data DIR] [--letor-queries N]
 * [--against REF [--rounds N]]`: the
 * benchmarks, printed as tables (medians and ratios measured side by side in one run). The
 * data is generated (bench/indegree.ts); `--full` adds the 66.7M-result variant (about 1 GB of
 * memory in process and a 2.5 GB TREC file in --data; not for CI).
 * Suites: paper, backends, prepared, small, cli, features (an MSLR-sized learning-to-rank set:
 * a 4.2 GB file in --data and 4 GB of memory; --letor-queries N takes its first N queries), and,
 * only when named, scale (a 10^8-line run, 4 GB in --data) and measures (the cost of each measure
 * of all_trec, average against input mode) and large (one tie group of 100,000 documents, every
 * measure average against input), forms (the shapes a batch's judgements come in), objects
 * (evaluateRun on objects and Maps against the TREC files of the same data), sd (six @10 in tie
 * mode sd beside average), official (`-m official` and `-m all_trec` on the full variant's first
 * 3,000 queries, beside trec_eval when TREC_EVAL names its binary), warmup (evaluate() one query a
 * call in fresh processes: first call, the next 999, warm; beside pytrec_eval when PYTREC_PYTHON
 * names a Python that imports it), threads (evaluateRun's default threads against one, quiet and
 * with one core busy), diversity (alpha-nDCG@20 and ERR-IA@20 beside nDCG@20 on 28,043 queries).
 * `--against REF` times the same suites on a build of REF too (see against.ts): both builds'
 * medians and the per-round ratios, `--rounds` (default 5) alternating processes of each.
 */
const { values } = parseArgs({
  options: {
    json: { type: 'string' },
    full: { type: 'boolean', default: false },
    time: { type: 'string', default: '2000' },
    only: { type: 'string' },
    data: { type: 'string', default: `${tmpdir()}/tie-eval-bench` },
    'letor-queries': { type: 'string' },
    against: { type: 'string' },
    rounds: { type: 'string', default: '5' },
  },
});
if (values.against !== undefined) {
  const passed = process.argv.slice(2);
  const args: string[] = [];
  for (let i = 0; i < passed.length; i++) {
    if (['--against', '--rounds', '--json'].includes(passed[i]!)) i++;
    else if (!/^--(against|rounds|json)=/.test(passed[i]!)) args.push(passed[i]!);
  }
  benchAgainst(values.against, Number(values.rounds), args);
  process.exit(0);
}
const time = Number(values.time);
const only = values.only?.split(',');
const wanted = (suite: string): boolean => only === undefined || only.includes(suite);
console.log('machine:', machine());
// each suite is loaded when it runs: a build of an earlier commit (--against) lacks the modules
// of the suites that came after it, which then fail alone
if (wanted('paper')) await (await import('./paper.bench.js')).paperBench(time);
if (wanted('backends')) {
  const { backendsBench } = await import('./backends.bench.js');
  await backendsBench('judged', time);
  if (values.full) await backendsBench('full', time);
}
if (wanted('prepared')) await (await import('./prepared.bench.js')).preparedBench(time);
if (wanted('small')) await (await import('./small.bench.js')).smallBench(time);
if (wanted('cli')) {
  const { cliBench } = await import('./cli.bench.js');
  await cliBench('judged', values.data);
  if (values.full) await cliBench('full', values.data);
}
if (wanted('features')) await (await import('./features.bench.js')).featuresBench(values.data, time, values['letor-queries'] === undefined ? undefined : Number(values['letor-queries']));
if (only?.includes('scale')) await (await import('./scale.bench.js')).scaleBench(values.data);
if (only?.includes('measures')) await (await import('./measures.bench.js')).measuresBench();
if (only?.includes('large')) await (await import('./largeGroups.bench.js')).largeGroupsBench();
if (only?.includes('official')) await (await import('./official.bench.js')).officialBench(values.data);
if (wanted('forms')) await (await import('./forms.bench.js')).formsBench(time);
if (wanted('objects')) (await import('./objects.bench.js')).objectsBench(values.data, time);
if (only?.includes('threads')) await (await import('./threads.bench.js')).threadsBench();
if (only?.includes('diversity')) await (await import('./diversity.bench.js')).diversityBench();
if (only?.includes('sd')) await (await import('./sd.bench.js')).sdBench(time);
if (only?.includes('warmup')) (await import('./warmup.bench.js')).warmupBench();
if (values.json !== undefined) writeJson(values.json);
