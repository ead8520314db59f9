import { writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Bench } from 'tinybench';
import { backendInfo, type BackendName } from '../src/index.js';

/** One measured row of `npm run bench -- --json FILE`. */
export interface BenchResult {
  name: string;
  backend: string;
  /** the `threads` option of the call (1: the calling thread only; 0: the command line's default) */
  threads: number;
  variant: string;
  ties: string;
  measures: string[];
  medianMs: number;
  p75Ms: number;
  samples: number;
  docsPerSec: number;
}

export const results: BenchResult[] = [];

/** A backend and thread count to time; `label` starts its task names, before a colon. */
export interface BackendRun {
  backend: BackendName;
  threads: number;
  label: string;
}

/** Every available backend on one thread, and native and wasm on every core as well when there are several. */
export function backendRuns(): BackendRun[] {
  const runs: BackendRun[] = backendInfo().available.map((backend) => ({ backend, threads: 1, label: backend }));
  const cores = os.availableParallelism();
  if (cores > 1) {
    for (const backend of ['native', 'wasm'] as const) {
      if (runs.some((r) => r.backend === backend)) runs.push({ backend, threads: cores, label: `${backend} ×${cores} threads` });
    }
  }
  return runs;
}

/** The run a task name starts with (its label, before the colon). */
export function runOf(runs: BackendRun[], task: string): BackendRun {
  const label = task.split(':')[0];
  const run = runs.find((r) => r.label === label);
  if (run === undefined) throw new Error(`no backend run labelled ${label}`);
  return run;
}

/** Adds the completed tasks of a tinybench run; `describe` gives each task's fields by its name. */
export function collect(bench: Bench, docs: number, describe: (task: string) => Omit<BenchResult, 'name' | 'medianMs' | 'p75Ms' | 'samples' | 'docsPerSec'>): void {
  for (const task of bench.tasks) {
    const r = task.result;
    if (r.state !== 'completed') throw new Error(`benchmark ${task.name} did not complete: ${r.state === 'errored' ? r.error.message : r.state}`);
    results.push({ name: task.name, ...describe(task.name), medianMs: r.latency.p50, p75Ms: r.latency.p75, samples: r.latency.samplesCount, docsPerSec: (docs / r.latency.p50) * 1000 });
  }
}

/**
 * Rounds of each row: on a shared VM a burst of load can hit one task for a second or more, so
 * each row is timed in ROUNDS tasks, added round by round so the rows alternate, and reported by
 * the median over its rounds, which does not follow one burst.
 */
export const ROUNDS = 5;

/** A row to time: its task name and the call. */
export interface Row {
  name: string;
  run: () => unknown;
}

/** Adds the rows to `bench` as ROUNDS tasks each, `${name} #${round}`, round by round. */
export function addRounds(bench: Bench, rows: Row[]): void {
  for (let round = 0; round < ROUNDS; round++) for (const { name, run } of rows) bench.add(`${name} #${round}`, run);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/**
 * Adds the rows of a tinybench run made by addRounds, each with the median over its rounds of
 * the rounds' medians (and p75s), and returns them; `describe` gives each row's fields by name.
 */
export function collectRounds(bench: Bench, rows: Row[], docs: number, describe: (row: string) => Omit<BenchResult, 'name' | 'medianMs' | 'p75Ms' | 'samples' | 'docsPerSec'>): BenchResult[] {
  const collected = rows.map(({ name }): BenchResult => {
    const rounds = bench.tasks.filter((t) => t.name.startsWith(`${name} #`)).map((t) => {
      const r = t.result;
      if (r.state !== 'completed') throw new Error(`benchmark ${t.name} did not complete: ${r.state === 'errored' ? r.error.message : r.state}`);
      return r.latency;
    });
    const medianMs = median(rounds.map((r) => r.p50));
    const samples = rounds.reduce((sum, r) => sum + r.samplesCount, 0);
    return { name, ...describe(name), medianMs, p75Ms: median(rounds.map((r) => r.p75)), samples, docsPerSec: (docs / medianMs) * 1000 };
  });
  results.push(...collected);
  return collected;
}

/** Prints the rows of a section, with each row's median as a ratio to the section's first. */
export function printSection(title: string, rows: BenchResult[]): void {
  console.log(`\n${title}`);
  const base = rows[0]?.medianMs ?? 1;
  console.table(
    rows.map((r) => ({
      task: r.name,
      'median ms': r.medianMs.toPrecision(3),
      'p75 ms': r.p75Ms.toPrecision(3),
      samples: r.samples,
      'docs/s': r.docsPerSec.toExponential(2),
      ratio: (r.medianMs / base).toFixed(3),
    })),
  );
}

/** The machine the numbers came from. */
export function machine(): Record<string, unknown> {
  return { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.arch()}` };
}

export function writeJson(path: string): void {
  writeFileSync(path, `${JSON.stringify({ machine: machine(), results }, null, 2)}\n`);
}
