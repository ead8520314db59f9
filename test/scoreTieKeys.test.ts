import { describe, expect, it } from 'vitest';
import { scoreTieKeys } from '../src/ties/scoreTieKeys.js';
import { sortIds } from '../src/ties/sortIds.js';
import { trecTieKeys } from '../src/ties/trecTieKeys.js';
import { randInt, rng } from '../src/util/random.js';

/** Ids drawn so that byte order and UTF-16 order disagree: surrogate pairs against units >= 0xE000. */
const UNITS = ['a', 'b', 'z', '0', '\u00e9', '\ud7ff', '\ue000', '\uffff', '\ud83d\ude00', '\ud800\udc00'];

/** trec_eval's order written out: by score descending, then the UTF-8 bytes of the ids descending. */
function bytesOrder(scores: number[], ids: string[]): number[] {
  const bytes = ids.map((id) => Buffer.from(id, 'utf8'));
  return scores.map((_, i) => i).sort((a, b) => (scores[a] !== scores[b] ? scores[b]! - scores[a]! : Buffer.compare(bytes[b]!, bytes[a]!)));
}

describe('scoreTieKeys: trec_eval order from scores and ids', () => {
  it('orders tied documents by id bytes descending, with or without surrogates, 0 and -0 tied', () => {
    const next = rng(91);
    let surrogateQueries = 0;
    for (let c = 0; c < 400; c++) {
      const n = randInt(next, 1, c % 10 === 0 ? 300 : 40);
      const levels = randInt(next, 1, 6);
      const surrogates = c % 2 === 0;
      const used = new Set<string>();
      const ids: string[] = [];
      while (ids.length < n) {
        let id = '';
        for (let k = randInt(next, 1, 4); k > 0; k--) id += surrogates ? UNITS[randInt(next, 0, UNITS.length - 1)] : UNITS[randInt(next, 0, 4)];
        if (!used.has(id)) ids.push(id);
        used.add(id);
      }
      if (ids.some((id) => /[\ud800-\udfff]/.test(id))) surrogateQueries++;
      // a few score levels (ties everywhere), or (one case in 7) scores all distinct
      const drawn = c % 7 === 0 ? ids.map((_, i) => i * 0.37 - randInt(next, 0, 2) * 1000) : ids.map(() => [0, -0, 1.5, -2, 7, 1e-300][randInt(next, 0, levels - 1)]!);
      // one case in three given in score order (as rankings come), ids in any order among ties
      const given = drawn.map((score, i) => [score, ids[i]!] as const);
      if (c % 3 === 1) given.sort((a, b) => b[0] - a[0]);
      const scores = given.map(([score]) => score);
      given.forEach(([, id], i) => (ids[i] = id));
      const at = randInt(next, 0, 3);
      const all = new Float64Array(at + n + 2).fill(99);
      all.set(scores, at);
      const keys = new Int32Array(at + n + 2).fill(-7);
      scoreTieKeys(all, at, n, ids, keys);
      // the keys are distinct places, and among equal scores they follow trec_eval's order
      expect(Array.from(keys.subarray(at, at + n)).sort((a, b) => a - b)).toEqual(ids.map((_, i) => i));
      const place = new Array<number>(n);
      bytesOrder(scores, ids).forEach((doc, p) => (place[doc] = p));
      const disordered: string[] = [];
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && Object.is(scores[i]! + 0, scores[j]! + 0) && keys[at + i]! < keys[at + j]! !== place[i]! < place[j]!) disordered.push(`${ids[i]} ${ids[j]}`);
      expect(disordered).toEqual([]);
      // outside the query nothing is written
      expect(keys[at + n]).toBe(-7);
      if (at > 0) expect(keys[at - 1]).toBe(-7);
      // the same query inside a batch (ids and scores at `at`), through trecTieKeys, orders alike
      const batchIds = [...Array.from({ length: at }, (_, i) => `before${i}`), ...ids];
      const batchKeys = trecTieKeys(batchIds, all.subarray(0, at + n), new Uint32Array([0, at, at + n]), () => 'q');
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && Object.is(scores[i]! + 0, scores[j]! + 0)) expect(batchKeys[at + i]! < batchKeys[at + j]!).toBe(place[i]! < place[j]!);
    }
    expect(surrogateQueries).toBeGreaterThan(100);
  });

  it('orders a query larger than the kept scratch (its own arrays), in score order or not', () => {
    const next = rng(93);
    for (const inOrder of [false, true]) {
      const n = 40_000;
      const ids = Array.from({ length: n }, (_, i) => `d${(i * 7919) % n}`);
      const scores = Float64Array.from({ length: n }, () => randInt(next, 0, 50) / 8);
      if (inOrder) scores.sort().reverse();
      const keys = new Int32Array(n);
      scoreTieKeys(scores, 0, n, ids, keys);
      expect(new Set(keys).size).toBe(n);
      // walked by key, each score's documents come in descending byte order of their ids
      const byKey = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]!);
      const last = new Map<number, string>();
      const disordered = byKey.filter((i) => {
        const before = last.get(scores[i]!);
        last.set(scores[i]!, ids[i]!);
        return before !== undefined && Buffer.compare(Buffer.from(before), Buffer.from(ids[i]!)) <= 0;
      });
      expect(disordered).toEqual([]);
    }
    // a small query after it still finds the kept scratch right
    const keys = new Int32Array(3);
    scoreTieKeys(new Float64Array([1, 1, 0]), 0, 3, ['a', 'b', 'c'], keys);
    expect(keys[1]! < keys[0]!).toBe(true);
  });

  it('trecTieKeys refuses what checkDocIds refuses, and reads as its example says', () => {
    expect(() => trecTieKeys(['a', 'b', 'a'], Float64Array.of(1, 2, 3), Uint32Array.of(0, 3), (q) => `query ${q}`)).toThrow("query 0: document 'a' appears twice, at positions 0 and 2");
    expect(() => trecTieKeys(['a', 7 as unknown as string], Float64Array.of(1, 1), Uint32Array.of(0, 2), (q) => `query ${q}`)).toThrow('query 0: docs[1] is number, not a string');
    const keys = trecTieKeys(['a', 'b', 'c'], Float64Array.of(2, 1, 2), Uint32Array.of(0, 3), (q) => `query ${q}`);
    expect(keys[2]! < keys[0]!).toBe(true);
  });

  it('keeps its order when a getter of the ids orders another batch meanwhile', () => {
    const ids = ['a', 'c', 'b', 'e', 'd'];
    const scores = Float64Array.of(1, 1, 1, 2, 2);
    const plain = trecTieKeys(ids, scores, Uint32Array.of(0, 5), () => 'q');
    const hostile = [...ids];
    let nested = 0;
    Object.defineProperty(hostile, 2, {
      get: () => {
        nested++;
        trecTieKeys(['z', 'y', 'x', 'w'], Float64Array.of(0, 0, 0, 0), Uint32Array.of(0, 4), () => 'inner');
        return 'b';
      },
    });
    expect(Array.from(trecTieKeys(hostile, scores, Uint32Array.of(0, 5), () => 'q'))).toEqual(Array.from(plain));
    expect(nested).toBeGreaterThan(1);
  });

  it('finds a duplicate id when a getter of the ids checks another batch meanwhile', () => {
    const hostile = ['a', 'b', 'c', 'a'];
    Object.defineProperty(hostile, 3, {
      get: () => {
        trecTieKeys(['x', 'y', 'z', 'w'], Float64Array.of(0, 0, 0, 0), Uint32Array.of(0, 4), () => 'inner');
        return 'a';
      },
    });
    expect(() => trecTieKeys(hostile, Float64Array.of(1, 1, 1, 1), Uint32Array.of(0, 4), (q) => `query ${q}`)).toThrow("query 0: document 'a' appears twice, at positions 0 and 3");
  });

  it('reads as its example says', () => {
    const keys = new Int32Array(3);
    scoreTieKeys(new Float64Array([2, 1, 2]), 0, 3, ['a', 'b', 'c'], keys);
    expect(keys[2]! < keys[0]!).toBe(true);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('sortIds: ids in byte order', () => {
  it('sorts as their UTF-8 bytes compare, with or without surrogates', () => {
    const next = rng(92);
    for (let c = 0; c < 200; c++) {
      const ids = new Set<string>();
      for (let k = randInt(next, 0, 30); k > 0; k--) {
        let id = '';
        for (let u = randInt(next, 1, 3); u > 0; u--) id += UNITS[randInt(next, 0, c % 2 === 0 ? UNITS.length - 1 : 4)];
        ids.add(id);
      }
      const expected = [...ids].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
      expect(sortIds([...ids].reverse())).toEqual(expected);
    }
    // the example
    expect(sortIds(['b', '\u{1F600}', '\uffff', 'a'])).toEqual(['a', 'b', '\uffff', '\u{1F600}']);
  });
});
