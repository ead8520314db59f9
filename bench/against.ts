import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './report.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command in `cwd`, its output shown only when it fails. */
function step(cwd: string, command: string, args: string[]): void {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${r.stdout}${r.stderr}`);
}

/**
 * A build of `ref` in a temporary worktree, sharing this checkout's node_modules, with this
 * checkout's bench/ in place of its own: the same benchmarks time both builds. Removed by the
 * returned function.
 */
function buildRef(ref: string): { dir: string; commit: string; remove: () => void } {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dir = join(mkdtempSync(join(tmpdir(), 'tie-eval-against-')), 'build');
  step(ROOT, 'git', ['worktree', 'add', '--detach', dir, commit]);
  const remove = (): void => {
    spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: ROOT });
    rmSync(join(dir, '..'), { recursive: true, force: true });
  };
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    rmSync(join(dir, 'bench'), { recursive: true, force: true });
    cpSync(join(ROOT, 'bench'), join(dir, 'bench'), { recursive: true });
    console.log(`building ${ref} (${commit.slice(0, 10)}) in ${dir} ...`);
    step(dir, 'npm', ['run', 'build', '--silent']);
    step(dir, process.execPath, [join(ROOT, 'node_modules/node-gyp/bin/node-gyp.js'), 'rebuild']);
  } catch (e) {
    remove();
    throw e;
  }
  return { dir, commit, remove };
}

/** One process of the benchmarks in `dir`: its rows' medians by name. */
function benchOnce(dir: string, args: readonly string[]): Map<string, number> {
  const json = join(mkdtempSync(join(tmpdir(), 'tie-eval-bench-json-')), 'out.json');
  try {
    step(dir, process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args, '--json', json]);
    const { results } = JSON.parse(readFileSync(json, 'utf8')) as { results: BenchResult[] };
    return new Map(results.map((r) => [r.name, r.medianMs]));
  } finally {
    rmSync(join(json, '..'), { recursive: true, force: true });
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * `npm run bench -- --against REF [--rounds N] [--only SUITES] [--time MS]`: builds REF in a
 * temporary worktree and runs the chosen suites of both builds (this checkout's and REF's, the
 * same bench code) in separate processes, alternating which goes first, `rounds` times. Prints per
 * row both medians (over the rounds) and the median and range of the per-round ratios
 * (this / REF: below 1 is faster here).
 */
export function benchAgainst(ref: string, rounds: number, args: readonly string[]): void {
  const other = buildRef(ref);
  try {
    const here: Map<string, number>[] = [];
    const there: Map<string, number>[] = [];
    for (let round = 0; round < rounds; round++) {
      console.log(`round ${round + 1} of ${rounds}`);
      // alternate which build goes first: a burst of load or a warm cache favours neither
      if (round % 2 === 0) {
        here.push(benchOnce(ROOT, args));
        there.push(benchOnce(other.dir, args));
      } else {
        there.push(benchOnce(other.dir, args));
        here.push(benchOnce(ROOT, args));
      }
    }
    const head = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    console.log(`\nthis checkout (${head}${dirty ? ', with uncommitted changes' : ''}) against ${ref} (${other.commit.slice(0, 10)}), ${rounds} alternating rounds, a process per build and round`);
    const rows = [...here[0]!.keys()].filter((name) => there.every((r) => r.has(name)));
    console.table(
      rows.map((name) => {
        const ratios = here.map((r, i) => r.get(name)! / there[i]!.get(name)!);
        return {
          task: name,
          [`${ref} ms`]: median(there.map((r) => r.get(name)!)).toPrecision(3),
          'this ms': median(here.map((r) => r.get(name)!)).toPrecision(3),
          'ratio (median of rounds)': median(ratios).toFixed(3),
          'ratio range': `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`,
        };
      }),
    );
    const missing = [...here[0]!.keys()].filter((name) => !rows.includes(name));
    if (missing.length > 0) console.log(`rows ${ref} could not run: ${missing.join(', ')}`);
  } finally {
    other.remove();
  }
}
