// `npm run fuzz [-- --calls N] [--seed S] [--jobs J] [--batch B] [--paths]`: the standing fuzz campaign.
// Child processes run the seeded cases of test/fuzz/ (API calls on every backend, the diversity
// measures' evaluateDiversity, TREC files through both readers, LETOR and JSON files) a batch of
// seeds at a time; the driver counts the calls, and reports each finding: backends that disagree
// (values to the bit, or error class and message), an unexpected error, a child that crashed (a
// signal or an exit code) or hung (no answer within the timeout). A batch that crashes or hangs
// is split until the seed is found.
// `--paths`: the every-path campaign instead (test/fuzz/pathCase.ts): each seed's queries through
// every path that can express them, against evaluateBatch to the bit; `calls` counts queries.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '0' },
    jobs: { type: 'string', default: String(availableParallelism()) },
    batch: { type: 'string', default: '2000' },
    timeout: { type: 'string', default: '120' },
    paths: { type: 'boolean', default: false },
  },
});
const wanted = Number(values.calls);
const jobs = Number(values.jobs);
const batch = Number(values.batch);
const timeoutMs = Number(values.timeout) * 1000;

/** The child's program: run a seed range, print one JSON line. */
const CHILD = values.paths
  ? `
import { pathRange } from './test/fuzz/pathCase.ts';
const [from, to] = process.argv.slice(-2).map(Number);
const r = await pathRange(from, to);
process.stdout.write(JSON.stringify(r) + '\\n');`
  : `
import { fuzzRange } from './test/fuzz/fuzzRange.ts';
const [from, to] = process.argv.slice(-2).map(Number);
const r = await fuzzRange(from, to);
process.stdout.write(JSON.stringify(r) + '\\n');`;

interface Outcome {
  readonly calls: number;
  readonly findings: unknown[];
}

/** Runs seeds [from, to) in a child; a crash or a hang comes back as a finding of its own. */
function runChild(from: number, to: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, '--', String(from), String(to)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(JSON.parse(out) as Outcome);
      resolve({ calls: 0, findings: [{ from, to, kind: signal === 'SIGKILL' ? 'hang' : 'crash', code, signal, stderr: err.slice(-2000) }] });
    });
  });
}

/** Runs a range, splitting one that crashed or hung down to its seed. */
async function runRange(from: number, to: number): Promise<Outcome> {
  const r = await runChild(from, to);
  const broken = r.findings.find((f) => (f as { kind?: string }).kind !== undefined);
  if (broken === undefined || to - from === 1) return r;
  const mid = Math.floor((from + to) / 2);
  const [a, b] = await Promise.all([runRange(from, mid), runRange(mid, to)]);
  return { calls: a.calls + b.calls, findings: [...a.findings, ...b.findings] };
}

const started = Date.now();
let next = Number(values.seed);
let calls = 0;
const findings: unknown[] = [];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    while (calls < wanted) {
      const from = next;
      next += batch;
      const r = await runRange(from, from + batch);
      calls += r.calls;
      findings.push(...r.findings);
      process.stderr.write(`\r${calls} calls, seeds up to ${next}, ${findings.length} findings, ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  }),
);
process.stderr.write('\n');
console.log(JSON.stringify({ calls, seeds: [Number(values.seed), next], seconds: (Date.now() - started) / 1000, findings }, null, 2));
process.exit(findings.length === 0 ? 0 : 1);
