import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendInfo, evaluateRuns } from '../src/index.js';
import { cli } from './support/cli.js';
import { ROOT } from './support/child.js';

// A newcomer's first hour (issue "The first hour of a new user"): what the backend word means.
const qrels = join(ROOT, 'examples/qrels.txt');
const run = join(ROOT, 'examples/run.txt');

describe('which backends ran, wherever a backend is named', () => {
  it('JSON counts the queries each backend evaluated: the small example runs on the reference under auto, whatever backendInfo selected', async () => {
    const info = backendInfo();
    // TIE_EVAL_BACKEND (CI's second pass) sends every call to the backend it names
    const small = process.env.TIE_EVAL_BACKEND ? info.selected : 'js';
    const json = JSON.parse((await cli('--format', 'json', qrels, run)).stdout);
    expect(json.backends).toEqual({ [small]: 3 });
    expect(json.backend).toBe(small);
    if (info.available.includes('native')) {
      const forced = JSON.parse((await cli('--format', 'json', '--backend', 'native', qrels, run)).stdout);
      expect(forced.backends).toEqual({ native: 3 });
    }
    const { runs } = await evaluateRuns(qrels, run);
    expect(runs[0]!.backends).toEqual({ [small]: 3 });
  });
});
