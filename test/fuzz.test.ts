import { describe, expect, it } from 'vitest';
import { fuzzRange } from './fuzz/fuzzRange.js';
import { pathRange } from './fuzz/pathCase.js';

/**
 * A short seeded slice of the fuzz campaign (`npm run fuzz` runs it at length, each batch in a
 * child process so that a crash or a hang is seen): API calls on every backend and files
 * through both readers, where the backends must agree and every error must be ours.
 */
describe('the fuzz campaign, a seeded slice', () => {
  it('finds no disagreement and no unexpected error in 3,000 seeds', { timeout: 120_000 }, async () => {
    const { calls, findings } = await fuzzRange(0, 3000);
    expect(calls).toBeGreaterThan(3000);
    expect(findings).toEqual([]);
  });
});

/**
 * A short seeded slice of the every-path campaign (`npm run fuzz -- --paths` runs it at length):
 * each seed's queries through evaluate, prepare, evaluateRun on objects and Maps, JSON and JSON
 * Lines, TREC text through both readers, the command line's JSON and the features of LETOR rows,
 * each value equal to evaluateBatch's to the bit.
 */
describe('the every-path campaign, a seeded slice', () => {
  it('finds no path that differs from evaluateBatch in 500 seeds (the command line in 20 of them)', { timeout: 120_000 }, async () => {
    const { calls, findings } = await pathRange(0, 500);
    expect(calls).toBeGreaterThan(1000);
    expect(findings).toEqual([]);
  });
});
