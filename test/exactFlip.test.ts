import { describe, expect, it } from 'vitest';
import { compareRuns, evaluateRuns, exactFlip } from '../src/index.js';
import { tieOrderings } from '../src/runs/tieOrderings.js';
import { pick, randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';

/** Measures with an sd, one of each kernel family. */
const NAMES = ['P@2', 'AP', 'nDCG@3', 'RR', 'RBP(p=0.8)', 'R@3', 'Rprec'];

interface Ranked {
  docs: string[];
  scores: number[];
}

/** A small random case: 2-3 queries judged on documents d0..d5 (some unjudged), two runs ranking subsets of them in few score levels. */
function randomCase(next: () => number, allQueries: boolean): { qrels: string; runs: Map<string, Ranked>[] } {
  const queries = Array.from({ length: randInt(next, 2, 3) }, (_, q) => `q${q + 1}`);
  let qrels = '';
  for (const q of queries) for (let d = 0; d < 6; d++) if (next() < 0.8 || d === 0) qrels += `${q} 0 d${d} ${pick(next, [0, 0, 1, 2])}\n`;
  // with -c, a query both runs lack now and then
  const lacked = queries.filter((q) => allQueries && q !== 'q1' && next() < 0.3);
  const runs = [0, 1].map(() => {
    const run = new Map<string, Ranked>();
    for (const q of queries) {
      if (lacked.includes(q)) continue;
      const docs = Array.from({ length: 7 }, (_, d) => `d${d}`).filter(() => next() < 0.45);
      if (docs.length === 0) docs.push('d6');
      const levels = randInt(next, 1, 3);
      run.set(q, { docs, scores: docs.map(() => randInt(next, 1, levels)) });
    }
    return run;
  });
  return { qrels, runs };
}

const trecText = (run: Map<string, Ranked>): string => [...run].flatMap(([q, r]) => r.docs.map((d, i) => `${q} Q0 ${d} ${i + 1} ${r.scores[i]} r\n`)).join('');
const bytes = (name: string, text: string) => ({ name, data: Buffer.from(text) });

/** Every ordering of a query's documents: each group of equal scores permuted (all permutations, repeats included), groups by score descending. */
function orderings(r: Ranked): string[][] {
  const permutations = (items: string[]): string[][] => (items.length <= 1 ? [items] : items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest])));
  let all: string[][] = [[]];
  for (const level of [...new Set(r.scores)].sort((a, b) => b - a)) {
    const group = permutations(r.docs.filter((_, i) => r.scores[i] === level));
    all = all.flatMap((head) => group.map((tail) => [...head, ...tail]));
  }
  return all;
}

describe.each(BACKENDS)('the exact chance that ties flip a pair ($name backend)', ({ options }) => {
  it('equals the share of all joint orderings of both runs in which the mean of a is above the mean of b (brute force)', async () => {
    const next = rng(36);
    let exact = 0;
    let flippable = 0;
    for (let trial = 0; trial < 40; trial++) {
      const maxRank = pick(next, [0, 0, 2, 3]);
      const judgedOnly = next() < 0.3;
      const allQueries = next() < 0.3;
      // small enough to walk every joint ordering (all permutations, repeats included)
      let { qrels, runs } = randomCase(next, allQueries);
      while (runs[0]!.size === 0 || [...runs[0]!.keys()].reduce((n, q) => n * orderings(runs[0]!.get(q)!).length * orderings(runs[1]!.get(q)!).length, 1) > 50_000) ({ qrels, runs } = randomCase(next, allQueries));
      const flags = { measures: NAMES, judgedOnly, maxRank, allQueries, backend: options.backend ?? 'auto' };
      const evaluated = await evaluateRuns(bytes('qrels', qrels), runs.map((r, i) => bytes(`run${i}`, trecText(r))), { ...flags, ties: ['average', 'sd'], orderings: 1000 });
      const [ea, eb] = evaluated.runs as [(typeof evaluated.runs)[0], (typeof evaluated.runs)[0]];
      expect(eb.queries).toEqual(ea.queries);
      const queries = ea.queries;
      // each ordering of each query as its own query of one run (ordered by strictly falling
      // scores, cut at -M as every mode cuts), evaluated in input mode
      const perOrdering = runs.map((run) => {
        let lines = '';
        let judged = '';
        const ids = new Map<string, string[]>();
        for (const [q, r] of run) {
          const kept = maxRank > 0 ? Math.min(maxRank, r.docs.length) : r.docs.length;
          ids.set(q, orderings(r).map((order, k) => {
            const id = `${q}.${k}`;
            order.slice(0, kept).forEach((d, i) => (lines += `${id} Q0 ${d} ${i + 1} ${-i} r\n`));
            for (const line of qrels.split('\n')) if (line.startsWith(`${q} `)) judged += `${id}${line.slice(q.length)}\n`;
            return id;
          }));
        }
        return { lines, judged, ids };
      });
      const listed = await Promise.all(perOrdering.map(async ({ lines, judged }) => (await evaluateRuns(bytes('qrels', judged), [bytes('orderings', lines)], { measures: NAMES, judgedOnly, backend: flags.backend, ties: 'input' })).runs[0]!));
      for (const name of NAMES) {
        // per run and query: the values of its orderings (a query the run lacks: its one value)
        const laws = [ea, eb].map((e, r) => queries.map((q, qi) => {
          const ids = perOrdering[r]!.ids.get(q);
          if (ids === undefined) return [e.perQuery.average![name]![qi]!];
          const at = new Map(listed[r]!.queries.map((id, i) => [id, i]));
          return ids.map((id) => listed[r]!.perQuery.input![name]![at.get(id)!]!);
        }));
        // the listed orderings' mean is the tie average
        laws.forEach((law, r) => law.forEach((values, qi) => expect(values.reduce((s, x) => s + x, 0) / values.length).toBeCloseTo([ea, eb][r]!.perQuery.average![name]![qi]!, 12)));
        // every joint ordering: a's mean above b's?
        let above = 0;
        let total = 0;
        const walk = (qi: number, sum: number, weight: number): void => {
          if (qi === queries.length) {
            total += weight;
            if (sum / queries.length > 1e-9) above += weight;
            return;
          }
          for (const x of laws[0]![qi]!) for (const y of laws[1]![qi]!) walk(qi + 1, sum + x - y, weight);
        };
        walk(0, 0, 1);
        const m = ea.names.indexOf(name);
        const scores = [ea, eb].map((e) => ({ run: e.run, queries, values: e.perQuery.average![name]!, spreads: e.perQuery.sd![name]!, orderings: e.orderings![m]! }));
        const flip = compareRuns(scores, { permutations: 10 }).pairs[0]!.tieFlip!;
        expect(flip.approximate).toBe(false);
        expect(flip.probability).toBeCloseTo(above / total, 12);
        exact++;
        if (flip.couldFlip) flippable++;
      }
    }
    // the cases are not all trivial
    expect(exact).toBe(40 * NAMES.length);
    expect(flippable).toBeGreaterThan(40);
  });
});

describe('tieOrderings and exactFlip', () => {
  it('list each distinct ordering of the labels once, and fall back where there are too many', () => {
    const batch = { scores: Float64Array.of(1, 1, 1, 5, 2, 2, 2, 2), labels: Int32Array.of(0, 1, 0, 1, 1, 0, 0, 0), offsets: Uint32Array.of(0, 3, 8), idealLabels: [[0, 1, 0], [1, 1, 0, 0, 0]] };
    const { listed: [first, second], room } = tieOrderings(batch, ['P@1', 'P@2'], 10, 100, {});
    expect(room).toBe(100 - 3 * 3 - 4 * 5);
    // labels 0 0 1, 0 1 0, 1 0 0
    expect([...first!]).toEqual([0, 0, 1, 0, 0.5, 0.5]);
    // a fixed top, then one relevant among four tied: 4 orderings
    expect([...second!.subarray(4)]).toEqual([0.5, 0.5, 0.5, 1]);
    expect(tieOrderings(batch, ['P@1'], 3, 100, {})).toMatchObject({ listed: [expect.any(Float64Array), null], room: -1 });
    // no room for the second query's 4 x 5 documents; once a query is not listed, no other is
    expect(tieOrderings(batch, ['P@1'], 10, 20, {}).listed.map((x) => x === null)).toEqual([false, true]);
    expect(tieOrderings({ ...batch, offsets: Uint32Array.of(0, 5, 8) }, ['P@1'], 2, 100, {}).listed).toEqual([null, null]);
    expect(tieOrderings(batch, ['P@1'], 10, -1, {}).listed).toEqual([null, null]);
    expect(tieOrderings({ ...batch, scores: Float64Array.of(3, 2, 1, 5, 4, 3, 2, 1) }, ['P@1'], 10, 0, {}).listed).toEqual([new Float64Array(0), new Float64Array(0)]);
    // -M 2 keeps the group crossing rank 2 whole (all four); with -M 1 only the fixed top
    expect(tieOrderings(batch, ['P@2'], 10, 100, { maxRank: 1 }).listed[1]).toEqual(new Float64Array(0));
    expect(exactFlip([0.5, 1], [0.5, 0.5], [[0, 1], []], [[], []])).toBe(0.5);
    expect(exactFlip([0.5, 1], [0.5, 0.5], [[0, 1], null], [[], []])).toBeUndefined();
    expect(exactFlip([0.5, 1], [0.5, 0.5], [[0, 1]], [[], []])).toBeUndefined();
    // a difference that is 0 in exact arithmetic is no win, whatever the rounding
    expect(exactFlip([0.1 + 0.2, 0.3], [0.3, 0.1 + 0.2], [[], []], [[], []])).toBe(0);
  });

  it('lists the same orderings when the run is read in parallel parts', async () => {
    const { file } = scratchFiles('flip-parts');
    const next = rng(7);
    const queries = Array.from({ length: 200 }, (_, q) => `q${String(q).padStart(3, '0')}`);
    const qrels = file('qrels', queries.flatMap((q) => [0, 1, 2, 3].map((d) => `${q} 0 d${d} ${randInt(next, 0, 2)}\n`)).join(''));
    // scores falling with the rank (else the parts give up and one thread reads the run)
    const run = file('run', queries.flatMap((q) => {
      const top = randInt(next, 0, 4);
      return [0, 1, 2, 3, 4].map((d) => `${q} Q0 d${d} ${d + 1} ${d < top ? 2 : 1} r\n`);
    }).join(''));
    const one = await evaluateRuns(qrels, [run], { measures: ['AP', 'P@2'], orderings: 1000, threads: 1 });
    const parts = await evaluateRuns(qrels, [run], { measures: ['AP', 'P@2'], orderings: 1000, threads: 2 });
    expect(parts.runs[0]!.threads).toBe(2);
    expect(parts.runs[0]!.orderings).toEqual(one.runs[0]!.orderings);
    expect(one.runs[0]!.orderings![0]!.filter((x) => x !== null && x.length > 0).length).toBeGreaterThan(150);
    await expect(evaluateRuns(qrels, [run], { orderings: -1 })).rejects.toThrow(/orderings must be a whole number, not -1/);
  });

  it('compare prints the exact chance without ~ where the orderings are few', async () => {
    const { file } = scratchFiles('flip');
    const qrels = file('qrels', 'q1 0 a 1\nq1 0 b 0\nq1 0 c 1\nq2 0 x 1\nq2 0 y 0\nq2 0 z 0\nq3 0 u 1\nq3 0 v 0\n');
    const a = file('a', 'q1 Q0 a 1 2 r\nq1 Q0 b 2 2 r\nq1 Q0 c 3 1 r\nq2 Q0 x 1 5 r\nq2 Q0 y 2 5 r\nq2 Q0 z 3 1 r\nq3 Q0 u 1 1 r\nq3 Q0 v 2 1 r\n');
    const b = file('b', 'q1 Q0 a 1 1 r\nq1 Q0 b 2 1 r\nq1 Q0 c 3 1 r\nq2 Q0 y 1 6 r\nq2 Q0 x 2 5 r\nq2 Q0 z 3 5 r\nq3 Q0 u 1 2 r\nq3 Q0 v 2 1 r\n');
    // a: three fair coins (a relevant and a non-relevant document tied on top of each query);
    // b: 1 + a coin of chance 2/3 (two relevant among three tied in q1): P = 3/8 x 1/3 + 1/8
    const text = await cli('compare', '-m', 'P@1', '--permutations', '100', qrels, a, b);
    const row = text.stdout.split('\n').find((line) => line.startsWith(a) && line.includes(b))!;
    expect(row.trim().split(/\s+/).at(-1)).toBe('0.2500');
    expect(text.stdout).toContain('exact, from every ordering, where each query has at most 1,000');
  });
});
