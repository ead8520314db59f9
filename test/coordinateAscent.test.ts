import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { letorLine, letorQuery } from '../bench/letor.js';
import { evaluateBatch } from '../src/index.js';
import { scratchFiles } from './support/scratchFiles.js';

const { file } = scratchFiles('ascent');
const FEATURES = 6;
const samples = Array.from({ length: 25 }, (_, q) => letorQuery(q, FEATURES, 11));
const data = file('train.txt', `${samples.flatMap((s, q) => Array.from({ length: s.rows }, (_, r) => letorLine(s, q, r, FEATURES))).join('\n')}\n`);

describe('examples/coordinateAscent.mjs', () => {
  it('imports the package by its name, so it can be copied into a project as it is (as every example does)', () => {
    for (const name of readdirSync('examples').filter((f) => f.endsWith('.mjs'))) {
      const imports = [...readFileSync(join('examples', name), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]);
      expect(imports.filter((from) => from !== 'tie-eval' && !from!.startsWith('node:')), name).toEqual([]);
    }
  });

  it('without arguments prints its usage (no stack trace) and exits 2; a bad file gets its message with file and line', () => {
    const bare = spawnSync(process.execPath, ['examples/coordinateAscent.mjs'], { encoding: 'utf8' });
    expect(bare.status).toBe(2);
    expect(bare.stderr).toMatch(/^usage: node examples\/coordinateAscent\.mjs DATA /);
    expect(bare.stderr).not.toMatch(/\n\s+at /);
    const bad = spawnSync(process.execPath, ['examples/coordinateAscent.mjs', 'examples/run.txt'], { encoding: 'utf8' });
    expect([bad.status, bad.stderr.split('\n')[0]]).toEqual([1, 'coordinateAscent: examples/run.txt:1: the label is not an integer from -2147483648 to 2147483647']);
  });

  it('runs on the bundled LETOR file, and its start is the tie average of the all-tied ranking', () => {
    const out = execFileSync(process.execPath, ['examples/coordinateAscent.mjs', 'examples/letor.txt', '--rounds', '1'], { encoding: 'utf8' });
    const start = Number(/start \(all weights 0, every document tied\): nDCG@10 = ([\d.]+)/.exec(out)![1]);
    const round = Number(/round 1: nDCG@10 = ([\d.]+)/.exec(out)![1]);
    // the file is 10 queries of letorQuery(q, 6, 11), as examples/README.md says
    const bundled = Array.from({ length: 10 }, (_, q) => letorQuery(q, 6, 11));
    const labels = Float64Array.from(bundled.flatMap((b) => [...b.labels]));
    const offsets = Uint32Array.from([0, ...bundled.map((b) => b.rows)].map((_, i, a) => a.slice(0, i + 1).reduce((x, y) => x + y, 0)));
    expect(evaluateBatch({ scores: new Float64Array(labels.length), labels, offsets }, ['nDCG@10']).mean['nDCG@10']!.toFixed(6)).toBe(start.toFixed(6));
    expect(round).toBeGreaterThan(start);
  });

  it('improves a tie-aware objective from all-zero weights, and reports what a fresh evaluation gives', () => {
    const out = execFileSync(process.execPath, ['examples/coordinateAscent.mjs', data, '--metric', 'nDCG@10', '--rounds', '2'], { encoding: 'utf8' });
    const start = Number(/start \(all weights 0, every document tied\): nDCG@10 = ([\d.]+)/.exec(out)![1]);
    const rounds = [...out.matchAll(/round \d: nDCG@10 = ([\d.]+)/g)].map((m) => Number(m[1]));
    const weights = JSON.parse(/weights: (\[.*\])/.exec(out)![1]!) as number[];
    const final = JSON.parse(/final nDCG@10: (.*)/.exec(out)![1]!) as number;
    expect(rounds.length).toBeGreaterThanOrEqual(1);
    expect(final).toBeGreaterThan(start + 0.05);
    expect(rounds.at(-1)).toBeCloseTo(final, 6);
    // the weights, evaluated afresh with the scores computed as the example defines them
    const labels = Float64Array.from(samples.flatMap((s) => [...s.labels]));
    const offsets = Uint32Array.from([0, ...samples.map((s) => s.rows)].map((_, i, a) => a.slice(0, i + 1).reduce((x, y) => x + y, 0)));
    const scores = new Float64Array(labels.length);
    let at = 0;
    for (const s of samples) {
      for (let f = 0; f < FEATURES; f++) if (weights[f] !== 0) for (let r = 0; r < s.rows; r++) scores[at + r]! += weights[f]! * s.values[f * s.rows + r]!;
      at += s.rows;
    }
    expect(evaluateBatch({ scores, labels, offsets }, ['nDCG@10']).mean['nDCG@10']).toBe(final);
    // all-zero weights: every document tied, the expectation over every ordering
    expect(evaluateBatch({ scores: new Float64Array(labels.length), labels, offsets }, ['nDCG@10']).mean['nDCG@10']!.toFixed(6)).toBe(start.toFixed(6));
  });
});
