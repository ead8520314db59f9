import { readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { RunFlags } from '../src/cli/runOptions.js';
import { evaluateFlags as evaluateRuns } from '../src/cli/runOptions.js';
import { DEFAULT_MEASURES } from '../src/measures/expandNames.js';
import { evaluateRunFile } from '../src/runs/evaluateRunFile.js';
import { expandMeasures } from '../src/measures/expandNames.js';
import { readQrelsSource } from '../src/runs/qrelsSource.js';
import { splitRun } from '../src/io/splitRun.js';
import type { TieMode } from '../src/ties/modes.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';

// --threads: a run cut into byte ranges at query boundaries, read by worker threads and merged,
// gives exactly the one-thread output; whatever it cannot merge is read again in one thread.
const { file } = scratchFiles('parallel');

/** A qrels and a grouped run of `queries` queries (some unjudged, some missing from the run), with comments and CRLF. */
function files(seed: number, queries: number): { qrels: string; run: string } {
  const next = rng(seed);
  const qrels: string[] = [];
  const run: string[] = [];
  for (let q = 1; q <= queries; q++) {
    const n = randInt(next, 1, 40);
    for (let d = 0; d < n; d++) if (next() < 0.5) qrels.push(`${q} 0 d${d} ${randInt(next, 0, 3)}`);
    if (q % 11 === 0) continue;
    if (next() < 0.1) run.push(`# query ${q}`);
    // scores fall with the rank, with ties, so no line is misordered
    let score = 100;
    for (let d = 0; d < n; d++) run.push(`${q + (q % 13 === 0 ? 1000 : 0)}\tQ0\td${d}\t${d + 1}\t${(score -= randInt(next, 0, 1))}\trun${next() < 0.05 ? '\r' : ''}`);
  }
  return { qrels: `${qrels.join('\n')}\n`, run: `${run.join('\n')}\n` };
}

const flagsOf = (backend: string, extra: Partial<RunFlags> = {}): RunFlags => ({ measure: ['AP', 'nDCG@10', 'P@5', 'RR'], l: 1, backend: backend as RunFlags['backend'], ...extra });

describe('splitRun', () => {
  it('cuts a run into contiguous ranges, each starting at a line whose query differs from the line before', async () => {
    const { run } = files(3, 200);
    const path = file('split.run', run);
    const bytes = readFileSync(path);
    for (const parts of [1, 2, 3, 4, 7]) {
      const ranges = await splitRun(path, parts);
      expect(ranges.length).toBe(parts);
      expect(ranges[0]!.start).toBe(0);
      expect(ranges.at(-1)!.end).toBe(bytes.length);
      for (let i = 1; i < ranges.length; i++) {
        const start = ranges[i]!.start;
        expect(start).toBe(ranges[i - 1]!.end);
        expect(bytes[start - 1]).toBe(10);
        const before = bytes.subarray(0, start - 1).toString().split('\n').filter((l) => !l.startsWith('#')).at(-1)!;
        expect(bytes.subarray(start).toString().split('\t')[0]).not.toBe(before.split('\t')[0]);
        // about equal parts: every range within a query's bytes of its share
        expect(Math.abs(ranges[i - 1]!.end - ranges[i - 1]!.start - bytes.length / parts)).toBeLessThan(bytes.length / parts / 2);
      }
    }
  });

  it('a single query, a gzip file and a one-line file are one range', async () => {
    const one = file('one.run', Array.from({ length: 5000 }, (_, i) => `7 Q0 d${i} ${i + 1} 1 r`).join('\n'));
    expect(await splitRun(one, 4)).toEqual([{ start: 0, end: readFileSync(one).length }]);
    const gz = file('split.run.gz', gzipSync(files(4, 100).run));
    expect(await splitRun(gz, 4)).toHaveLength(1);
    expect(await splitRun(file('line.run', '1 Q0 a 1 1 r'), 3)).toHaveLength(1);
  });
});

describe.each(BACKENDS.map((b) => b.name))('--threads (%s)', (backend) => {
  const { qrels, run } = files(11, 300);
  const q = file(`${backend}.qrels`, qrels);
  const r = file(`${backend}.run`, run);
  const evaluate = async (path: string, threads: number, modes: TieMode[] = ['average'], extra: Partial<RunFlags> = {}) => {
    // the warnings are compared as returned: printing them is the command's
    const { runs } = await evaluateRuns(q, [path], flagsOf(backend, { threads, ...extra }), modes, DEFAULT_MEASURES, { stdout: () => {}, stderr: () => {} });
    return runs[0]!;
  };

  it('3 threads give the one-thread values, queries, run id and warnings, with -c, -J and the tie range', async () => {
    for (const [modes, extra] of [
      [['average'], {}],
      [['pessimistic', 'average', 'optimistic'], { c: true }],
      [['average'], { J: true }],
    ] as [TieMode[], Partial<RunFlags>][]) {
      const one = await evaluate(r, 1, modes, extra);
      const three = await evaluate(r, 3, modes, extra);
      expect(one.threads).toBe(1);
      expect(three.threads).toBe(3);
      expect({ ...three, threads: 1 }).toEqual(one);
      expect(one.warnings.join('\n')).toMatch(/quer(y|ies) of the run (is|are) not in the qrels/);
    }
  });

  it('the command line output is the same with --threads 1 and 4', async () => {
    const one = await cli('--backend', backend, '-q', '--threads', '1', q, r);
    expect(one.code).toBe(0);
    expect(await cli('--backend', backend, '-q', '--threads', '4', q, r)).toEqual(one);
  });

  it('a query split across parts, misordered lines, a bad line: read again in one thread, same output and messages', async () => {
    const lines = run.trimEnd().split('\n');
    // the last of the first query's lines moved to the end: the run is not grouped across the parts
    const last = lines.findLastIndex((l) => l.startsWith('1\t'));
    const ungrouped = file(`${backend}-ungrouped.run`, `${[...lines.slice(0, last), ...lines.slice(last + 1), lines[last]].join('\n')}\n`);
    const again = await evaluate(ungrouped, 3);
    expect(again.threads).toBe(1);
    expect(again).toEqual(await evaluate(ungrouped, 1));
    expect(again.values).toEqual((await evaluate(r, 1)).values);
    // a line near the end whose score rises with its rank
    const misordered = [...lines];
    const at = misordered.length - 3;
    misordered[at] = misordered[at]!.replace(/\t[\d.]+\trun/, '\t1000\trun');
    const m = file(`${backend}-misordered.run`, `${misordered.join('\n')}\n`);
    const warned = await evaluate(m, 3);
    expect(warned).toEqual(await evaluate(m, 1));
    expect(warned.warnings.join('\n')).toContain(`(first at line ${at + 1})`);
    // a bad line in the last part: the error names its line in the whole file
    const bad = [...lines];
    bad[bad.length - 2] = '5 Q0 broken';
    const b = file(`${backend}-bad.run`, `${bad.join('\n')}\n`);
    const out = await cli('--backend', backend, '--threads', '3', q, b);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`-bad.run:${bad.length - 1}: a run line has 6 fields`);
  });

  // the addon's judgements are shared with the reading threads (read once); the TypeScript
  // reader's are read again by each thread, which then fails when the file is gone
  it(backend === 'native' ? 'the reading threads share the judgements read once: the qrels file gone, the run is still read by 3 threads' : 'a worker thread that fails (its qrels file gone): the run is read in one thread, with a warning naming the error', async () => {
    const gone = file(`${backend}-gone.qrels`, qrels);
    const options = { modes: ['average'] as TieMode[], backend: backend as RunFlags['backend'], judgedOnly: false, maxRank: 0, allQueries: false };
    const source = await readQrelsSource(gone, options.backend);
    rmSync(gone);
    const measures = expandMeasures('AP,nDCG@10', 1);
    const fell = await evaluateRunFile(r, source, measures, { ...options, threads: 3 });
    const one = await evaluateRunFile(r, source, measures, { ...options, threads: 1 });
    expect(fell.values).toEqual(one.values);
    if (backend === 'native') {
      expect(fell.threads).toBe(3);
      expect(fell.warnings).toEqual(one.warnings);
    } else {
      expect(fell.threads).toBe(1);
      expect(fell.warnings).toEqual([expect.stringMatching(/a worker thread failed \(.*gone\.qrels.*\); the run was read in one thread$/), ...one.warnings]);
    }
  });

  it('reports the bytes of every part as progress', async () => {
    const seen: number[] = [];
    const options = { modes: ['average'] as TieMode[], backend: backend as RunFlags['backend'], judgedOnly: false, maxRank: 0, allQueries: false, threads: 3, onBytes: (n: number) => seen.push(n) };
    const e = await evaluateRunFile(r, { input: q }, expandMeasures('AP', 1), options);
    expect(e.threads).toBe(3);
    expect(seen.at(-1)).toBe(readFileSync(r).length);
  });
});
