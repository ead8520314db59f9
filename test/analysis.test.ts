import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { findChromium, headlessFlags, NO_CHROMIUM } from './support/chromium.js';
import { bands } from '../src/analysis/band.js';
import { compareRuns } from '../src/analysis/compare.js';
import { pairedTTest } from '../src/analysis/pairedTTest.js';
import { randomizationTest } from '../src/analysis/randomizationTest.js';
import { CHAR_WIDTH, niceTicks, plotScales, rangePlotSvg, rangePlotsSvg } from '../src/analysis/rangePlot.js';
import { adjustPValues } from '../src/analysis/adjustPValues.js';
import { queryTieStats } from '../src/analysis/tieStats.js';
import { randInt, rng } from '../src/util/random.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';

const { dir, file } = scratchFiles('analysis');

/** Band start ranks of the first `count` bands. */
const starts = (phi: number, count: number): number[] => {
  const b = bands(200, phi);
  const out = [1];
  for (let r = 2; r <= 200 && out.length < count; r++) if (b[r - 1] !== b[r - 2]) out.push(r);
  return out;
};

describe('score banding (002)', () => {
  it('band starts worked by hand: b(g+1) = ceil(phi * b(g))', () => {
    expect(starts(2, 6)).toEqual([1, 2, 4, 8, 16, 32]); // [1], [2-3], [4-7], ...
    expect(starts(1.4, 8)).toEqual([1, 2, 3, 5, 7, 10, 14, 20]); // 1.4·3 = 4.2 -> 5; 1.4·5 = 7; 1.4·7 = 9.8 -> 10
    expect(starts(1.5, 7)).toEqual([1, 2, 3, 5, 8, 12, 18]); // at 1.5 ranks 2 and 3 are still apart
    expect(starts(1.6, 7)).toEqual([1, 2, 4, 7, 12, 20, 32]); // above 1.5 they share a band
    expect(starts((1 + Math.sqrt(5)) / 2, 7)).toEqual([1, 2, 4, 7, 12, 20, 33]); // widths 1, 2, 3, 5, 8, 13: Fibonacci
    expect(starts(1.1, 12)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13]); // 1.1·10 = 11 exactly, not 11.000000000000002
    for (const phi of [1.01, 1.3, 1.5, 1.9, 2]) expect(bands(3, phi)[0]).toBe(1);
    expect(() => bands(5, 1)).toThrow(/greater than 1/);
    expect(() => bands(5, NaN)).toThrow(/greater than 1/);
  });

  it('tie-eval band keeps every document and the query order; scores are 1/g', async () => {
    const run = file('b.run', ['2 Q0 x 1 9 r', '2 Q0 y 2 8 r', '2 Q0 z 3 7 r', '1 Q0 a 1 3 r', '1 Q0 b 2 5 r', '1 Q0 c 3 1 r', '1 Q0 d 4 0 r'].join('\n'));
    const out = join(dir, 'banded.run');
    expect((await cli('band', '--phi', '2', run, '-o', out)).code).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n')).toEqual([
      '2 Q0 x 1 1 r-phi2',
      '2 Q0 y 2 0.5 r-phi2',
      '2 Q0 z 3 0.5 r-phi2',
      '1 Q0 a 1 1 r-phi2',
      '1 Q0 b 2 0.5 r-phi2',
      '1 Q0 c 3 0.5 r-phi2',
      '1 Q0 d 4 0.3333333333333333 r-phi2',
    ]);
    // a run not grouped by query is read again: the file starts over, no query twice
    const loose = file('loose.run', ['1 Q0 a 1 3 r', '2 Q0 x 1 9 r', '1 Q0 b 2 2 r'].join('\n'));
    const looseOut = join(dir, 'loose-banded.run');
    expect((await cli('band', '--phi', '2', loose, '-o', looseOut)).code).toBe(0);
    const expected = ['1 Q0 a 1 1 r-phi2', '1 Q0 b 2 0.5 r-phi2', '2 Q0 x 1 1 r-phi2'];
    expect(readFileSync(looseOut, 'utf8').trim().split('\n')).toEqual(expected);
    expect((await cli('band', '--phi', '2', loose)).stdout.trim().split('\n')).toEqual(expected);
    const byScore = await cli('band', '--phi', '2', '--by', 'score', run);
    expect(byScore.stdout.split('\n').slice(3, 5)).toEqual(['1 Q0 b 1 1 r-phi2', '1 Q0 a 2 0.5 r-phi2']);
    for (const phi of ['1', '0.5', 'x']) {
      const r = await cli('band', '--phi', phi, run);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/phi|not a number/);
    }
  });
});

describe('tie statistics (002 Table 1)', () => {
  it('counts ties, rising scores and rank contradictions of hand-made queries', () => {
    // file order; sorted by score then rank: 5 (r1), 3 (r2), 3 (r3), 3 (r4), 1 (r5): 2 tied, group of 3
    expect(queryTieStats([5, 3, 3, 3, 1], [1, 2, 3, 4, 5])).toEqual({ tied: 2, largest: 3, rising: 0, contradictions: 0 });
    // an exponent-format mis-sort: 7.763e-05 sorted as text after 1.37 while ranks rise; its rank 2 says it belongs higher
    expect(queryTieStats([1.37, 0.5, 7.763e-5, 8.1e-5], [1, 3, 2, 4])).toEqual({ tied: 0, largest: 1, rising: 1, contradictions: 1 });
    // a rank contradiction: sorted by score, rank 3 comes before rank 2
    expect(queryTieStats([9, 8, 7], [1, 3, 2])).toEqual({ tied: 0, largest: 1, rising: 0, contradictions: 1 });
  });

  it('tie-eval ties reports them per run, in text and json', async () => {
    const a = file('t1.run', ['1 Q0 a 1 5 r', '1 Q0 b 2 3 r', '1 Q0 c 3 3 r', '2 Q0 a 1 2 r', '2 Q0 b 2 7.763e-05 r', '2 Q0 c 3 8.1e-05 r'].join('\n'));
    const b = file('t2.run', ['1 Q0 a 1 3 r', '1 Q0 b 2 2 r'].join('\n'));
    const json = JSON.parse((await cli('ties', '--format', 'json', a, b)).stdout);
    expect(json[0]).toMatchObject({ lines: 6, queries: 2, tiedDocuments: 1, queriesWithTies: 1, largestGroup: 2, risingScores: 1, rankContradictions: 1 });
    expect(json[1]).toMatchObject({ lines: 2, tiedDocuments: 0, largestGroup: 1 });
    expect((await cli('ties', a, b)).stdout).toMatch(/runs with ties: 1 of 2/);
  });
});

describe('significance tests', () => {
  it('the paired t-test matches the t table and a second implementation', () => {
    // differences 1..11 shifted so that t = 2.228 with 10 degrees of freedom: two-sided p = 0.05 by the table
    const base = Array.from({ length: 11 }, (_, i) => i - 5);
    const sd = Math.sqrt(base.reduce((s, x) => s + x * x, 0) / 10);
    const shift = (2.228 * sd) / Math.sqrt(11);
    const a = base.map((x) => x + shift);
    const b = base.map(() => 0);
    const t = pairedTTest(a, b);
    expect(t.t).toBeCloseTo(2.228, 10);
    expect(t.df).toBe(10);
    expect(Math.abs(t.p - 0.05)).toBeLessThan(5e-4);
    expect(Math.abs(pairedTTest(a, b, 'greater').p - 0.025)).toBeLessThan(3e-4);
    // the tail probability by Simpson's rule on the t density (log-gamma by Lanczos): independent of @stdlib
    const lgamma = (z: number): number => {
      const g = [676.5203681218851, -1259.1392167224028, 771.3234287776531, -176.6150291621406, 12.507343278686905, -0.13857109526572012, 9.984369578019572e-6, 1.5056327351493116e-7];
      let x = 0.99999999999980993;
      for (let i = 0; i < 8; i++) x += g[i]! / (z + i);
      const t7 = z + 6.5;
      return 0.5 * Math.log(2 * Math.PI) + (z - 0.5) * Math.log(t7) - t7 + Math.log(x);
    };
    const density = (x: number, v: number): number => Math.exp(lgamma((v + 1) / 2) - lgamma(v / 2) - 0.5 * Math.log(v * Math.PI) - ((v + 1) / 2) * Math.log(1 + (x * x) / v));
    const upper = (t0: number, v: number): number => {
      // substitute x = t0 + u/(1-u) to map [t0, inf) to [0, 1)
      const steps = 20000;
      let s = 0;
      for (let i = 0; i <= steps; i++) {
        const u = (i / steps) * 0.999999;
        const w = i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2;
        s += w * density(t0 + u / (1 - u), v) / (1 - u) ** 2;
      }
      return (s * (0.999999 / steps)) / 3;
    };
    const data = rng(9);
    const x = Array.from({ length: 25 }, () => data());
    const y = x.map((v) => v - 0.1 + 0.3 * (data() - 0.5));
    const r = pairedTTest(x, y);
    expect(Math.abs(r.p - 2 * upper(Math.abs(r.t), 24))).toBeLessThan(1e-6);
    expect(() => pairedTTest([1], [2])).toThrow(/at least two queries/);
  });

  it('the randomization p-value is within its Monte-Carlo error of the exact permutation p-value', () => {
    const next = rng(21);
    const a = Array.from({ length: 12 }, () => next());
    const b = a.map((v) => v - 0.08 + 0.4 * (next() - 0.5));
    // exact: all 2^12 sign flips
    const d = a.map((v, i) => v - b[i]!);
    const observed = Math.abs(d.reduce((s, v) => s + v, 0));
    let extreme = 0;
    for (let mask = 0; mask < 1 << d.length; mask++) {
      let s = 0;
      for (let i = 0; i < d.length; i++) s += mask & (1 << i) ? -d[i]! : d[i]!;
      if (Math.abs(s) >= observed - 1e-12) extreme++;
    }
    const exact = extreme / (1 << d.length);
    const estimate = randomizationTest(a, b, 10_000, 3);
    const error = Math.sqrt((exact * (1 - exact)) / 10_000);
    expect(exact).toBeGreaterThan(0.001); // far enough from 0 for the Monte-Carlo error to matter
    expect(Math.abs(estimate - exact)).toBeLessThan(4 * error);
  });

  it('the randomization p-value counts the observed signs among the flips: never 0', () => {
    // 20 queries all +1: only the two all-same sign patterns of 2^20 are as extreme, so 999 flips
    // meet none (with this seed) and p is 1 / 1000, not 0
    expect(randomizationTest(new Array(20).fill(1), new Array(20).fill(0), 999)).toBe(1 / 1000);
    // the documented example: 3 queries, 2 of 8 sign patterns as extreme
    expect(randomizationTest([1, 1, 1], [0, 0, 0], 999)).toBeCloseTo(0.25, 1);
  });

  it('adjustPValues: Holm and Bonferroni as R p.adjust gives them', () => {
    const ps = [0.01, 0.02, 0.03, 0.04, 0.05];
    // p.adjust(c(.01,.02,.03,.04,.05), "holm") and "bonferroni" in R
    expect(adjustPValues(ps, 'holm').map((p) => +p.toFixed(10))).toEqual([0.05, 0.08, 0.09, 0.09, 0.09]);
    expect(adjustPValues(ps, 'bonferroni').map((p) => +p.toFixed(10))).toEqual([0.05, 0.1, 0.15, 0.2, 0.25]);
    expect(adjustPValues([0.01, 0.04, 0.03], 'holm').map((p) => +p.toFixed(10))).toEqual([0.03, 0.06, 0.06]);
    expect(adjustPValues([0.5, 0.9], 'bonferroni')).toEqual([1, 1]);
    expect(adjustPValues([0.2, 0.1], 'none')).toEqual([0.2, 0.1]);
  });

  it('compareRuns corrects the pairs of more than two runs (Holm by default)', () => {
    const runs = ['A', 'B', 'C'].map((run, r) => ({ run, queries: ['1', '2', '3', '4', '5'], values: [0.5, 0.6, 0.7, 0.8, 0.2].map((v, q) => v - 0.05 * r * (q % 2)) }));
    const c = compareRuns(runs, { permutations: 500 });
    expect(c.correction).toBe('holm');
    expect(c.pairs.map((p) => p.adjustedP)).toEqual(adjustPValues(c.pairs.map((p) => p.p), 'holm'));
    expect(c.pairs.map((p) => p.adjustedRandomizationP)).toEqual(adjustPValues(c.pairs.map((p) => p.randomizationP), 'holm'));
    const b = compareRuns(runs, { permutations: 500, correction: 'bonferroni' });
    expect(b.pairs.map((p) => p.adjustedP)).toEqual(b.pairs.map((p) => Math.min(1, 3 * p.p)));
    const two = compareRuns(runs.slice(0, 2), { permutations: 500 });
    expect(two.correction).toBe('none');
    expect(two.pairs[0]!.adjustedP).toBe(two.pairs[0]!.p);
  });

  it('compareRuns: means, pairs, wins/ties/losses, discrimination ratio, degradation; refuses bad query sets', () => {
    const runs = [
      { run: 'A', queries: ['1', '2', '3', '4'], values: [0.5, 0.6, 0.7, 0.8] },
      { run: 'B', queries: ['1', '2', '3', '4'], values: [0.4, 0.6, 0.5, 0.7] },
    ];
    const c = compareRuns(runs, { permutations: 2000 });
    expect(c.means).toEqual([
      { run: 'A', mean: 0.65 },
      { run: 'B', mean: 0.55 },
    ]);
    expect(c.pairs[0]).toMatchObject({ a: 'A', b: 'B', wins: 3, ties: 1, losses: 0 });
    expect(c.pairs[0]!.meanDifference).toBeCloseTo(0.1, 12);
    expect(c.discriminationRatio).toBe(c.pairs[0]!.p <= 0.05 ? 1 : 0);
    // degradation: B against 0.99 A, one-tailed (H1: B > 0.99 A); B is clearly lower, so p is large
    expect(c.pairs[0]!.degradationP).toBeGreaterThan(0.9);
    expect(() => compareRuns([runs[0]!])).toThrow(/at least two runs/);
    const other = { run: 'C', queries: ['1', '2', '5'], values: [0.1, 0.2, 0.3] };
    expect(() => compareRuns([runs[0]!, other])).toThrow(/different queries: A lacks 1 \(5\); C lacks 2 \(3, 4\)/);
    expect(compareRuns([runs[0]!, other], { intersect: true, permutations: 100 }).queries).toBe(2);
    expect(() => compareRuns([runs[0]!, { run: 'D', queries: ['1'], values: [0] }], { intersect: true })).toThrow(/at least two common queries/);
  });

  it('tie-eval compare: json output, one run refused, different query sets named', async () => {
    const qrels = file('c.qrels', ['1 0 a 1', '1 0 b 0', '2 0 a 1', '2 0 c 1', '3 0 b 1'].join('\n'));
    const x = file('x.run', ['1 Q0 a 1 2 r', '1 Q0 b 2 1 r', '2 Q0 a 1 1 r', '2 Q0 c 2 1 r', '3 Q0 b 1 5 r'].join('\n'));
    const y = file('y.run', ['1 Q0 b 1 2 r', '1 Q0 a 2 1 r', '2 Q0 c 1 3 r', '2 Q0 a 2 2 r', '3 Q0 a 1 5 r'].join('\n'));
    const r = await cli('compare', '--format', 'json', '-m', 'AP', '--permutations', '500', qrels, x, y);
    expect(r.code, r.stderr).toBe(0);
    const [ap] = JSON.parse(r.stdout);
    expect(ap).toMatchObject({ measure: 'AP', queries: 3 });
    expect(ap.pairs[0]).toMatchObject({ wins: 2, ties: 1, losses: 0 });
    expect((await cli('compare', qrels, x)).code).not.toBe(0);
    const z = file('z.run', ['1 Q0 a 1 2 r', '2 Q0 a 1 2 r'].join('\n'));
    const differ = await cli('compare', qrels, x, z);
    expect(differ.code).toBe(1);
    expect(differ.stderr).toMatch(/lacks 1 \(3\)/);
    expect((await cli('compare', '--intersect', '--permutations', '100', qrels, x, z)).code).toBe(0);
    const three = await cli('compare', '--intersect', '--permutations', '100', '--correction', 'bonferroni', qrels, x, y, z);
    expect(three.stdout).toMatch(/t-test p bonferroni {2}randomization p bonferroni/);
  });
});

describe('the range plot (002 Fig. 2)', () => {
  const points = [
    { run: 'wide', pessimistic: 0.2, average: 0.25, trec: 0.24, optimistic: 0.3 },
    { run: 'narrow', pessimistic: 0.31, average: 0.3101, trec: 0.3102, optimistic: 0.3103 },
    { run: 'no <ties>', pessimistic: 0.28, average: 0.28, trec: 0.28, optimistic: 0.28 },
  ];
  const svg = rangePlotSvg(points, 'AP');

  it('is well-formed XML whose segments map back to the values and ranges', () => {
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg);
    const groups = doc.svg.g.g.filter((g: { class: string }) => g.class === 'run');
    expect(groups).toHaveLength(3);
    const s = plotScales(points);
    const invertX = (px: number): number => s.xDomain[0] + ((px - s.x(s.xDomain[0])) / (s.x(s.xDomain[1]) - s.x(s.xDomain[0]))) * (s.xDomain[1] - s.xDomain[0]);
    points.forEach((p, i) => {
      const line = groups[i].line;
      const pixel = (s.xDomain[1] - s.xDomain[0]) / 510;
      expect(Math.abs(invertX(Number(line.x1)) - p.pessimistic)).toBeLessThan(pixel);
      expect(Math.abs(invertX(Number(line.x2)) - p.optimistic)).toBeLessThan(pixel);
      expect(Math.abs(invertX(Number(groups[i].circle.cx)) - p.trec)).toBeLessThan(pixel);
      expect(Math.abs(Number(line.y1) - s.y(p.optimistic - p.pessimistic))).toBeLessThan(0.01);
    });
    // the log axis spans the decades of the positive ranges (3e-4 and 0.1): 1e-4 to 0.1
    expect(s.yDomain).toEqual([-4, -1]);
    expect([...svg.matchAll(/<text class="tick" x="92"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['0.0001', '0.001', '0.01', '0.1', '0 (no ties)']);
    // the wider range is drawn higher; the run of range 0 on its own row, below the axis' least decade
    expect(Number(groups[0].line.y1)).toBeLessThan(Number(groups[1].line.y1));
    expect(Number(groups[2].line.y1)).toBe(s.floor);
    expect(s.floor!).toBeGreaterThan(s.y(1e-4) + 20);
    expect(groups[2].text['#text']).toBe('no <ties>');
    // a visible title
    expect(svg).toMatch(/<text class="title"[^>]*>AP: score ranges under ties<\/text>/);
  });

  it('ticks at round values', () => {
    expect(niceTicks(0.2, 0.3103).ticks).toEqual([0.2, 0.25, 0.3, 0.35]);
    expect(niceTicks(0.394, 0.483).ticks).toEqual([0.38, 0.4, 0.42, 0.44, 0.46, 0.48, 0.5]);
    expect(niceTicks(3, 1500)).toEqual({ ticks: [0, 500, 1000, 1500], decimals: 0 });
    expect([...svg.matchAll(/<text class="tick" x="[0-9.]+" y="328"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['0.20', '0.25', '0.30', '0.35']);
  });

  it('puts no text over another or over a mark, whatever the runs', () => {
    const next = rng(37);
    for (let trial = 0; trial < 200; trial++) {
      const count = randInt(next, 1, 40);
      const runs = Array.from({ length: count }, (_, i) => {
        const pessimistic = next() * 0.5;
        // a third of the runs have no ties; some share their values
        const width = next() < 0.33 ? 0 : next() < 0.5 ? 10 ** -randInt(next, 1, 7) : next() * 0.3;
        return { run: `run-${'x'.repeat(randInt(next, 0, 30))}${i}`, pessimistic, average: pessimistic + width / 2, trec: pessimistic + width / 3, optimistic: pessimistic + width };
      });
      const text = rangePlotSvg(trial % 7 === 0 ? runs.map((r) => ({ ...r, pessimistic: 0.3, average: 0.3, trec: 0.3, optimistic: 0.3 })) : runs, 'P@10');
      expect(XMLValidator.validate(text)).toBe(true);
      const boxes = textBoxes(text);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!), `trial ${trial}: ${boxes[i]!.text} / ${boxes[j]!.text}`).toBe(false);
        for (const mark of markBoxes(text)) expect(overlap(boxes[i]!, mark), `trial ${trial}: ${boxes[i]!.text} over a mark`).toBe(false);
      }
      const width = Number(/width="([0-9.]+)"/.exec(text)![1]);
      for (const b of boxes) expect(b.x1, `${b.text} inside the picture`).toBeLessThanOrEqual(width);
    }
  });

  it('draws one panel per measure', () => {
    const two = rangePlotsSvg([
      { measure: 'AP', points },
      { measure: 'nDCG@10', points: points.map((p) => ({ ...p, run: `${p.run}'` })) },
    ]);
    expect(XMLValidator.validate(two)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(two);
    expect(doc.svg.height).toBe('720');
    expect(doc.svg.g.map((g: { 'data-measure': string; transform: string }) => [g['data-measure'], g.transform])).toEqual([
      ['AP', 'translate(0 0)'],
      ['nDCG@10', 'translate(0 360)'],
    ]);
  });

  it('renders in headless Chromium', (context) => {
    const chromium = findChromium();
    if (chromium === undefined) {
      context.skip(NO_CHROMIUM);
      return;
    }
    const svgPath = file('plot.svg', svg);
    const png = join(dir, 'plot.png');
    const r = spawnSync(chromium, [...headlessFlags(join(dir, 'profile')), `--screenshot=${png}`, '--window-size=760,480', `file://${svgPath}`], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(existsSync(png), r.stderr).toBe(true);
    const bytes = readFileSync(png);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect(statSync(png).size).toBeGreaterThan(5000);
  });

  it('tie-eval plot writes it for runs', async () => {
    const out = join(dir, 'ranges.svg');
    const r = await cli('plot', '-m', 'AP,nDCG@10', '-o', out, 'examples/qrels.txt', 'examples/run.txt');
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(XMLValidator.validate(text)).toBe(true);
    expect([...text.matchAll(/class="panel" data-measure="([^"]+)"/g)].map((m) => m[1])).toEqual(['AP', 'nDCG@10']);
  });
});

describe('the analysis commands as the main command', () => {
  // a run whose scores rise down q1 while its ranks rise too (lines 2 and 3)
  const qrels = file('warn.qrels', 'q1 0 a 1\nq1 0 b 0\nq1 0 c 1\nq2 0 x 1\nq2 0 y 0\n');
  const run = file('warn.run', 'q1 Q0 a 1 0.5 r\nq1 Q0 b 2 0.7 r\nq1 Q0 c 3 0.9 r\nq2 Q0 x 1 2 r\nq2 Q0 y 2 2 r\n');
  const other = file('warn2.run', 'q1 Q0 c 1 3 s\nq1 Q0 a 2 2 s\nq1 Q0 b 3 1 s\nq2 Q0 y 1 2 s\nq2 Q0 x 2 1 s\n');

  it('range, compare and plot give the main command’s warnings', async () => {
    const main = await cli('-m', 'AP', qrels, run, other);
    const warnings = main.stderr.split('\n').filter((l) => l.startsWith('tie-eval: warning:'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/warn\.run: 2 lines score higher than the line before in their query while their rank is higher too \(first at line 2\)/);
    for (const command of ['range', 'compare', 'plot']) {
      const r = await cli(command, '-m', 'AP', qrels, run, other);
      expect(r.code, `${command}: ${r.stderr}`).toBe(0);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('tie-eval: warning:')), command).toEqual(warnings);
    }
  });

  it('range prints every value to 4 decimals; compare prints p-values alike, under a legend of its columns', async () => {
    const range = await cli('range', '-m', 'AP', qrels, run);
    // q2's x and y tie (one relevant of two): AP 1 or 1/2 (sd 1/4); q1 is 5/6 either way: the
    // mean's sd is sqrt(0 + 1/16) / 2
    expect(range.stdout.split('\n')[1]!.split(/ +/)).toEqual([run, 'AP', '0.6667', '0.7917', '0.6667', '0.9167', '0.2500', '0.1250']);
    // a measure without an sd: '-'
    expect((await cli('range', '-m', 'infAP', qrels, run)).stdout.split('\n')[1]!.split(/ +/).at(-1)).toBe('-');
    const compare = await cli('compare', '-m', 'AP', '--permutations', '100', qrels, run, other);
    const row = compare.stdout.split('\n').find((l) => l.startsWith(run) && l.includes(other))!.split(/ {2,}/);
    for (const p of [row[4], row[5], row[7]]) expect(p).toMatch(/^(\d\.\d{4}|<0\.0001)$/);
    expect(compare.stdout).toMatch(/wins\/ties\/losses: queries where a scores above, equal to, below b/);
    expect(compare.stdout).toMatch(/degradation p: one-tailed paired t-test of b > 0\.99 a \(small: b lost less than 1% against a\)/);
  });
});

describe('evaluateRanges', () => {
  it('gives each regime per query and as means, ordered pessimistic <= average <= optimistic on binary labels', async () => {
    const { evaluateRanges, evaluateBatch } = await import('../src/index.js');
    const next = rng(31);
    const offsets = Uint32Array.from({ length: 41 }, (_, q) => q * 12);
    const n = offsets[40]!;
    const batch = {
      scores: Float64Array.from({ length: n }, () => Math.floor(next() * 3)),
      labels: Int32Array.from({ length: n }, () => (next() < 0.3 ? 1 : 0)),
      offsets,
      docs: Array.from({ length: n }, (_, i) => `d${(i * 37) % 101}-${i}`),
    };
    const measures = ['AP', 'nDCG@5', 'RR'];
    const r = evaluateRanges(batch, measures);
    for (const m of measures) {
      const trec = evaluateBatch(batch, [m], { ties: 'trec' });
      expect(Array.from(r.perQuery[m]!.trec)).toEqual(Array.from(trec.perQuery[m]!));
      expect(r.mean[m]!.range).toBeCloseTo(r.mean[m]!.optimistic - r.mean[m]!.pessimistic, 15);
      for (let q = 0; q < 40; q++) {
        const { pessimistic: lo, average: avg, trec: t, optimistic: hi } = r.perQuery[m]!;
        expect(lo[q]! <= avg[q]! + 1e-12 && avg[q]! <= hi[q]! + 1e-12).toBe(true);
        expect(lo[q]! <= t[q]! + 1e-12 && t[q]! <= hi[q]! + 1e-12).toBe(true);
      }
    }
    expect(() => evaluateRanges({ ...batch, docs: undefined }, ['AP'])).toThrow(/give docs/);
  });
});

interface Box {
  readonly text: string;
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

const overlap = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The boxes of an SVG's unrotated texts: CHAR_WIDTH per character (the layout's estimate), 12px high above the baseline (the title 15). */
function textBoxes(svg: string): Box[] {
  return [...svg.matchAll(/<text class="(tick|name|title|key)" x="([0-9.]+)" y="([0-9.]+)"([^>]*)>(.*?)<\/text>/g)].map((m) => {
    const content = m[5]!.replace(/<[^>]+>/g, '').replace(/&[a-z]+;/g, '_');
    const size = m[1] === 'title' ? 15 : 12;
    const w = content.length * CHAR_WIDTH * (size / 12);
    const x = Number(m[2]);
    const x0 = m[4]!.includes('text-anchor="end"') ? x - w : m[4]!.includes('text-anchor="middle"') ? x - w / 2 : x;
    return { text: content, x0, x1: x0 + w, y0: Number(m[3]) - size, y1: Number(m[3]) + 3 };
  });
}

/** The boxes of the runs' marks: segments, circles, triangles. */
function markBoxes(svg: string): Box[] {
  const lines = [...svg.matchAll(/<line class="range"[^>]* x1="([0-9.-]+)" y1="([0-9.-]+)" x2="([0-9.-]+)"/g)].map((m) => ({ text: 'segment', x0: Number(m[1]) - 4, x1: Number(m[3]) + 4, y0: Number(m[2]) - 5, y1: Number(m[2]) + 5 }));
  return lines;
}
