import { parseArgs } from 'node:util';
import { backendsBench } from './backends.bench.js';
import { machine, writeJson } from './report.js';
import { smallBench } from './small.bench.js';

/**
 * `npm run bench [-- --json FILE] [--full] [--time MS]`: the benchmarks, printed as tables
 * (medians, and ratios measured side by side in the same run). `--full` adds the 66.7M-result
 * variant (about 1 GB of memory; not for CI).
 */
const { values } = parseArgs({
  options: {
    json: { type: 'string' },
    full: { type: 'boolean', default: false },
    time: { type: 'string', default: '3000' },
  },
});
const time = Number(values.time);
console.log('machine:', machine());
await backendsBench('judged', time);
await smallBench(time);
if (values.full) await backendsBench('full', time);
if (values.json !== undefined) writeJson(values.json);
