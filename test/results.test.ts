import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { evaluateBatch, evaluateRun, evaluateRuns, prepare } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';

const QRELS = 'examples/qrels.txt';
const RUN = 'examples/run.txt';

describe.each(BACKENDS)('results a person can read ($name backend)', ({ options }) => {
  it('means are plain numbers: util.inspect shows them, JSON.stringify keeps them (evaluateBatch, evaluateRun, prepare)', () => {
    const labels = Int32Array.of(0, 1, 0, 1, 1, 0);
    const offsets = Uint32Array.of(0, 4, 6);
    const scores = Float64Array.of(3, 2, 2, 1, 5, 5);
    const batch = evaluateBatch({ scores, labels, offsets }, ['AP', 'P@2'], options).mean;
    // AP: (11/24 + 3/4) / 2 = 29/48; P@2: (1/4 + 1/2) / 2 = 3/8
    expect(batch).toEqual({ AP: 29 / 48, 'P@2': 0.375 });
    expect(inspect(batch)).toBe(`{ AP: ${29 / 48}, 'P@2': 0.375 }`);
    expect(JSON.parse(JSON.stringify(batch))).toEqual(batch);
    const prepared = prepare(labels, offsets, ['AP', 'P@2'], options).evaluate(scores).mean;
    expect(inspect(prepared)).toBe(inspect(batch));
    expect(Object.getOwnPropertyDescriptor(prepared, 'AP')).toMatchObject({ value: 29 / 48, writable: true, enumerable: true });
    const run = evaluateRun({ q1: { a: 1, b: 0 } }, { q1: { a: 1.5, b: 1.5 } }, ['P@1'], options).mean;
    expect(inspect(run)).toBe("{ 'P@1': 0.5 }");
  });

  it("evaluateRuns keys each run's means and per-query values by tie mode and measure label, as the command line prints them", async () => {
    const { runs } = await evaluateRuns(QRELS, [RUN], { ...options, measures: ['map', 'P.5', 'num_ret', 'gm_map', 'nDCG@10', 'relstring'], ties: ['pessimistic', 'average'] });
    const run = runs[0]!;
    expect(Object.keys(run.mean)).toEqual(['pessimistic', 'average']);
    // labels as printed (P_5 for P.5), in the order asked; relstring is text, in run.strings
    expect(Object.keys(run.mean.average!)).toEqual(['map', 'P_5', 'num_ret', 'gm_map', 'nDCG@10']);
    expect(Object.keys(run.perQuery.average!)).toEqual(['map', 'P_5', 'num_ret', 'gm_map', 'nDCG@10']);
    expect(run.perQuery.average!.map!.length).toBe(run.queries.length);
    // the summary line of the main command, mode by mode: means, the sum for counts, the geometric mean for gm_map
    for (const mode of ['pessimistic', 'average'] as const) {
      const r = await cli('--ties', mode, '--format', 'json', '-m', 'map', '-m', 'P.5', '-m', 'num_ret', '-m', 'gm_map', '-m', 'nDCG@10', QRELS, RUN);
      expect(r.code, r.stderr).toBe(0);
      expect(run.mean[mode]).toEqual(JSON.parse(r.stdout).mean);
    }
    expect(run.mean.average!.num_ret).toBe(27);
  });
});
