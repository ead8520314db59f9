import { describe, expect, it } from 'vitest';
import { fuzzRange } from './fuzz/fuzzRange.js';

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
