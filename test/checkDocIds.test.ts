import { describe, expect, it } from 'vitest';
import { checkDocIds } from '../src/ties/checkDocIds.js';
import { pick, randInt, rng } from '../src/util/random.js';

/** The expected refusal of one query, by brute force: the largest repeated id in UTF-8 byte order, at its first two positions; null when none repeats. */
function repeatedId(ids: string[]): { id: string; first: number; second: number } | null {
  let found: { id: string; first: number; second: number } | null = null;
  for (let i = 0; i < ids.length; i++) {
    const second = ids.indexOf(ids[i]!, i + 1);
    if (second < 0 || ids.indexOf(ids[i]!) !== i) continue;
    if (found === null || Buffer.compare(Buffer.from(ids[i]!), Buffer.from(found.id)) > 0) found = { id: ids[i]!, first: i, second };
  }
  return found;
}

describe('checkDocIds', () => {
  it('finds repeated ids as brute force does, in small queries (a table of the ids by shape) and large ones (a Map)', () => {
    const next = rng(67);
    // ids of one length and last character share a shape: long probe chains, wrapping around the table
    const pools = [
      Array.from({ length: 40 }, (_, i) => `d${String.fromCharCode(65 + i)}9`),
      Array.from({ length: 40 }, (_, i) => `clueweb09-en0000-${String(i).padStart(7, '0')}`),
      ['', 'a', 'b', 'ab', 'ba', '\u{1F600}', '\uFFFD', 'é', 'e'],
    ];
    let refused = 0;
    for (let round = 0; round < 3000; round++) {
      const pool = pick(next, pools);
      const queries = randInt(next, 1, 4);
      const offsets = new Uint32Array(queries + 1);
      const docs: string[] = [];
      const repeats = next() < 0.5;
      for (let q = 0; q < queries; q++) {
        const n = randInt(next, 0, 45);
        // without repeats: distinct ids (as many as the pool holds); with: drawn freely
        const ids = repeats ? Array.from({ length: n }, () => pick(next, pool)) : [...pool].sort(() => next() - 0.5).slice(0, n);
        docs.push(...ids);
        offsets[q + 1] = docs.length;
      }
      let want: string | null = null;
      for (let q = 0; q < queries && want === null; q++) {
        const r = repeatedId(docs.slice(offsets[q]!, offsets[q + 1]!));
        if (r !== null) want = `query ${q}: document '${r.id}' appears twice, at positions ${r.first} and ${r.second} `;
      }
      const call = (): void => checkDocIds(docs, offsets, (q) => `query ${q}`);
      if (want === null) expect(call, docs.join(' ')).not.toThrow();
      else {
        refused++;
        expect(call, docs.join(' ')).toThrow(want);
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });
});
