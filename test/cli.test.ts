import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { evaluateBatch } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';
import { FIXTURES } from './support/trecFiles.js';
import { scratchFiles } from './support/scratchFiles.js';

const { dir, file } = scratchFiles('cli');
const fixture = (p: string): string => fileURLToPath(new URL(p, FIXTURES));
const EXAMPLE_QRELS = fileURLToPath(new URL('../examples/qrels.txt', import.meta.url));
const EXAMPLE_RUN = fileURLToPath(new URL('../examples/run.txt', import.meta.url));
const QRELS = fixture('inputs/qrels.test');
const RUN = fixture('inputs/results.test');

describe('tie-eval: output', () => {
  it.each(BACKENDS)('prints query ids in UTF-8 as the files spell them, ASCII or not ($name)', async ({ name }) => {
    const ids = ['q1', 'qé2', '問3'];
    const q = file('utf8.qrels', ids.map((id) => `${id} 0 d1 1\n`).join(''));
    const r = file('utf8.run', ids.map((id) => `${id} Q0 d1 1 2 r\n${id} Q0 d2 2 1 r\n`).join(''));
    const out = await cli('--backend', name, '-q', '-m', 'P@1', q, r);
    // in trec_eval's order: bytes, so the ASCII id first
    expect(out.stdout.split('\n').filter((l) => l.startsWith('P@1')).map((l) => l.split('\t')[1])).toEqual([...ids, 'all']);
  });

  it('json values equal evaluateBatch on the same data', async () => {
    const measures = ['AP', 'nDCG@10', 'RR', 'P(rel=2)@3', 'bpref'];
    const r = await cli('--format', 'json', '-q', ...measures.flatMap((m) => ['-m', m]), EXAMPLE_QRELS, EXAMPLE_RUN);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout);
    // the same files read by hand
    const judged = new Map<string, Map<string, number>>();
    for (const l of readFileSync(EXAMPLE_QRELS, 'utf8').trim().split('\n')) {
      const [q, , d, label] = l.split(/\s+/);
      if (!judged.has(q!)) judged.set(q!, new Map());
      judged.get(q!)!.set(d!, Number(label));
    }
    const lines = readFileSync(EXAMPLE_RUN, 'utf8').trim().split('\n').map((l) => l.split(/\s+/));
    const qids = [...new Set(lines.map((f) => f[0]!))].sort();
    const rows = qids.flatMap((q) => lines.filter((f) => f[0] === q));
    const offsets = Uint32Array.from([0, ...qids.map((q) => rows.findLastIndex((f) => f[0] === q) + 1)]);
    const batch = {
      scores: Float64Array.from(rows, (f) => Number(f[4])),
      labels: Int32Array.from(rows, (f) => judged.get(f[0]!)!.get(f[2]!) ?? -1),
      offsets,
      idealLabels: qids.map((q) => [...judged.get(q)!.values()]),
    };
    const want = evaluateBatch(batch, measures);
    expect(json).toMatchObject({ ties: 'average', measures, queries: 3 });
    for (const m of measures) {
      expect(json.mean[m]).toBe(want.mean[m]);
      qids.forEach((q, i) => expect(json.perQuery[q][m]).toBe(want.perQuery[m]![i]));
    }
  });

  it('--ties range prints pessimistic, average and optimistic, ordered, and the sd over tie orderings, within half the range', async () => {
    const r = await cli('--ties', 'range', '-q', '-m', 'AP', EXAMPLE_QRELS, EXAMPLE_RUN);
    const [p, a, o, s, header, ...lines] = r.stdout.trim().split('\n');
    // a line per mode says what its numbers are (one short line each, issue "first hour" 10)
    expect([p, a, o, s]).toEqual([
      '# pessimistic: lower labels first inside each tie (the lower bound)',
      '# average: the mean over every ordering of the tied documents',
      '# optimistic: higher labels first inside each tie (the upper bound)',
      '# sd: the standard deviation over every ordering of the tied documents',
    ]);
    expect(header!.split('\t').map((c) => c.trim())).toEqual(['# measure', 'query', 'pessimistic', 'average', 'optimistic', 'sd']);
    const rows = lines.map((l) => l.split('\t').slice(2).map(Number));
    expect(rows).toHaveLength(4);
    // a value within [lo, hi] has sd at most (hi - lo) / 2 (Popoviciu); these queries tie
    for (const [lo, avg, hi, sd] of rows) expect(lo! <= avg! && avg! <= hi! && lo! < hi! && sd! > 0 && sd! <= (hi! - lo!) / 2 + 1e-4).toBe(true);
    const json = JSON.parse((await cli('--ties', 'range', '--format', 'json', '-m', 'AP', EXAMPLE_QRELS, EXAMPLE_RUN)).stdout);
    expect(Object.keys(json.mean.AP)).toEqual(['pessimistic', 'average', 'optimistic', 'sd']);
    // a measure without an sd: the three regimes alone
    expect(Object.keys(JSON.parse((await cli('--ties', 'range', '--format', 'json', '-m', 'infAP', EXAMPLE_QRELS, EXAMPLE_RUN)).stdout).mean.infAP)).toEqual(['pessimistic', 'average', 'optimistic']);
  });

  it('csv: a header, one row per run and query, an all row; several runs; -o writes a file', async () => {
    const out = join(dir, 'out.csv');
    const r = await cli('--format', 'csv', '-m', 'AP(rel=1,norm=min)', '-m', 'P@5', '-o', out, EXAMPLE_QRELS, EXAMPLE_RUN, EXAMPLE_RUN);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('run,query,"AP(rel=1,norm=min)",P@5');
    expect(lines).toHaveLength(1 + 2 * 4);
    expect(lines[4]).toMatch(/,all,/);
  });

  it('trec_eval names, -m comma lists and -l: P.5,10 prints P_5 and P_10; -l2 leaves nDCG gains alone', async () => {
    const r = await cli('-m', 'P.5,10', '-m', 'map,ndcg', QRELS, RUN);
    expect(r.stdout.split('\n').map((l) => l.split('\t')[0]!.trim())).toEqual(['P_5', 'P_10', 'map', 'ndcg', '']);
    const l2 = await cli('-l2', '-m', 'AP', '-m', 'nDCG', fixture('inputs/qrels.rel_level'), RUN);
    const l1 = await cli('-m', 'AP', '-m', 'nDCG', fixture('inputs/qrels.rel_level'), RUN);
    expect(l2.stdout.split('\n')[0]).not.toBe(l1.stdout.split('\n')[0]);
    expect(l2.stdout.split('\n')[1]).toBe(l1.stdout.split('\n')[1]);
  });

  it('-J drops unjudged documents; -M keeps the top n in every mode (average: over which of a crossing tie group are in)', async () => {
    const run = file('m.run', ['1 Q0 a 1 3 r', '1 Q0 b 2 2 r', '1 Q0 c 3 2 r', '1 Q0 d 4 2 r', '1 Q0 e 5 1 r'].join('\n'));
    const qrels = file('m.qrels', ['1 0 a 0', '1 0 b 0', '1 0 d 1', '1 0 e 1'].join('\n'));
    // scores a 3, b = c = d 2, e 1; relevant d and e; c unjudged
    const p = async (k: number, ...args: string[]): Promise<number> => Number((await cli(...args, '-m', `P@${k}`, qrels, run)).stdout.split('\t')[2]);
    expect(await p(3)).toBeCloseTo(2 / 3 / 3, 4); // a, then 2 of the 3 tied slots hold d with chance 2/3
    expect(await p(3, '-J')).toBeCloseTo(1 / 3, 4); // c dropped: a, {b, d}, e
    expect(await p(5, '--ties', 'trec')).toBeCloseTo(2 / 5, 4); // a, d, c, b, e
    expect(await p(5, '--ties', 'trec', '-M', '2')).toBeCloseTo(1 / 5, 4); // a, d
    expect(await p(5, '-M', '2')).toBeCloseTo(1 / 15, 4); // a and one of the tie group b, c, d: d with chance 1/3
    expect(await p(5, '-M', '1')).toBe(0); // a alone
  });

  it('a bin that runs', async () => {
    const r = await cli('--version');
    expect(r.stdout.trim()).toBe(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version);
    expect((await cli('--help')).stdout).toMatch(/Measures[\s\S]*nDCG\(rel=integer >= 1, gain=linear\|exp[^\n]*\)\[@k\][\s\S]*Examples:/);
  });
});

describe('tie-eval: files', () => {
  const base = async (run = RUN, qrels = QRELS): Promise<string> => (await cli('-q', '--ties', 'trec', '-m', 'map', '-m', 'ndcg', qrels, run)).stdout;

  it('gzip, CRLF, comment lines and spaces read like the plain file', async () => {
    const want = await base();
    expect(await base(file('r.gz', gzipSync(readFileSync(RUN))))).toBe(want);
    expect(await base(file('r.crlf', readFileSync(RUN, 'utf8').replace(/\n/g, '\r\n')))).toBe(want);
    expect(await base(file('r.comments', `# a comment\n${readFileSync(RUN, 'utf8').replace(/\n/, '\n# another\n\n')}`))).toBe(want);
    expect(await base(file('r.spaces', readFileSync(RUN, 'utf8').replace(/\t/g, '   ')))).toBe(want);
    expect(await base(RUN, file('q.gz', gzipSync(readFileSync(QRELS))))).toBe(want);
    expect(await base(RUN, fixture('inputs/qrels.test.with-comments'))).toBe(want);
  });

  it('exponent-format scores parse as C and JavaScript do', async () => {
    const run = file('exp.run', ['1 Q0 a 1 7.763e-05 r', '1 Q0 b 2 1E-4 r', '1 Q0 c 3 .0001 r', '1 Q0 d 4 -3 r', '1 Q0 e 5 +2.5e+0 r', '1 Q0 f 6 -inf r'].join('\n'));
    const qrels = file('exp.qrels', ['1 0 a 1', '1 0 b 0', '1 0 c 1', '1 0 e 0'].join('\n'));
    // order: e (2.5), then b and c tied at 1e-4, a, d, f: RR = average of 1/2 and 1/3
    const r = await cli('-m', 'RR', qrels, run);
    expect(Number(r.stdout.split('\t')[2])).toBeCloseTo((1 / 2 + 1 / 3) / 2, 4);
  });

  it('an ungrouped run (lines of queries interleaved) gives the grouped result', async () => {
    const lines = readFileSync(RUN, 'utf8').trim().split('\n');
    const shuffled = lines.map((l, i) => [l, (i * 7919) % lines.length] as const).sort((a, b) => a[1] - b[1]).map((x) => x[0]);
    expect(await base(file('shuffled.run', shuffled.join('\n')))).toBe(await base());
  });
});

// with the native backend the addon's reader reads the files; with the others, the TypeScript readers
describe.each(BACKENDS.map((b) => b.name))('tie-eval: bad input gives an error with file, line and the line, exit 1, no result (%s)', (backend) => {
  const bad = async (args: string[], pattern: RegExp): Promise<void> => {
    const r = await cli('--backend', backend, ...args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(pattern);
  };
  const qrels = (): string => file('ok.qrels', '1 0 a 1\n1 0 b 0\n');
  const run = (): string => file('ok.run', '1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n');

  it('wrong field count', () => bad([qrels(), file('f.run', '1 Q0 a 1 2 r\n1 Q0 b 2 1\n')], /f\.run:2: a run line has 6 fields .*this one 5\n {2}2 \| 1 Q0 b 2 1/));
  it('a score that is not a number', () => bad([qrels(), file('s.run', '1 Q0 a 1 2 r\n1 Q0 b 2 high r\n')], /s\.run:2: the score \(5th field\) is not a number\n {2}2 \| 1 Q0 b 2 high r/));
  it.each(['0x10', '0x1p3', 'nan'])('a score in a form C reads but tie-eval does not (%s)', (score) =>
    bad([qrels(), file('h.run', `1 Q0 a 1 2 r\n1 Q0 b 2 ${score} r\n`)], new RegExp(`h\\.run:2: the score \\(5th field\\) is not a number\n {2}2 \\| 1 Q0 b 2 ${score} r`)));
  it('a label that is not an integer', () => bad([file('l.qrels', '1 0 a 1\n1 0 b 0.5\n'), run()], /l\.qrels:2: the label \(4th field\) is not an integer from -2147483648 to 2147483647\n {2}2 \| 1 0 b 0\.5/));
  it('the same document twice in a query of the run, naming both lines', () => bad([qrels(), file('d.run', '1 Q0 a 1 2 r\n1 Q0 b 2 1 r\n1 Q0 a 3 0 r\n')], /d\.run:3: document a appears twice in query 1, at lines 1 and 3/));
  it('the same document twice in a query of the qrels, naming both lines', () => bad([file('d.qrels', '1 0 a 1\n1 0 b 0\n1 0 a 0\n'), run()], /d\.qrels:3: document a of query 1 is judged twice, at lines 1 and 3/));
  it('the same document twice in a query the qrels come back to after another', () =>
    bad([file('d2.qrels', '1 0 a 1\n2 0 a 0\n1 0 b 0\n3 0 c 1\n1 0 a 0\n'), run()], /d2\.qrels:5: document a of query 1 is judged twice, at lines 1 and 5/));
  it('an empty run, an empty qrels, a missing file', async () => {
    await bad([qrels(), file('empty.run', '')], /empty\.run: the run file holds no results/);
    await bad([file('empty.qrels', '# nothing\n'), run()], /empty\.qrels: the qrels file holds no judgements/);
    await bad([qrels(), join(dir, 'nope.run')], /nope\.run: cannot read the file \(ENOENT\)/);
  });
  it('a qrels file given as the run, and the reverse', async () => {
    await bad([qrels(), qrels()], /ok\.qrels:1: a run line has 6 fields .*this one 4 \(4 fields: this looks like a qrels file/);
    await bad([run(), run()], /ok\.run:1: a qrels line has 4 fields .*this one 6 \(6 fields: this looks like a run file/);
  });
  it('unknown measure names suggest the nearest and say where every name is', async () => {
    await bad(['-m', 'MAPX@10', qrels(), run()], /unknown measure 'MAPX@10'[\s\S]*every measure and its parameters: tie-eval --help/);
    await bad(['-m', 'ndgc_cut.10', qrels(), run()], /did you mean ndcg_cut\?/);
  });
  it('no arguments at all: the usage (exit 2)', async () => {
    const r = await cli();
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^Usage: tie-eval \[options\] \[command\] <qrels> <runs\.\.\.>[\s\S]*tie-eval --help/);
  });
  it('a run none of whose queries is in the qrels', () => bad([qrels(), file('other.run', '7 Q0 a 1 2 r\n8 Q0 b 1 1 r\n')], /other\.run: none of its 2 queries is in the qrels \(e\.g\. 7, 8\): nothing to evaluate/));
  it('a bad option is a usage error (exit 2)', async () => {
    const r = await cli('--ties', 'random', qrels(), run());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--ties <mode>.*random.*is invalid/);
  });
});

describe('tie-eval: warnings, not errors', () => {
  it('run queries missing from the qrels: one line with their count', async () => {
    const r = await cli('-m', 'AP', file('w.qrels', '1 0 a 1\n'), file('w.run', '1 Q0 a 1 2 r\n2 Q0 a 1 2 r\n3 Q0 a 1 2 r\n'));
    expect(r.code).toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/2 queries of the run are not in the qrels and were ignored \(e\.g\. 2, 3\)/);
  });

  it('scores rising down a query while ranks rise (exponent-format sorting bug): counted and reported', async () => {
    const r = await cli('-m', 'AP', file('x.qrels', '1 0 a 1\n'), file('x.run', '1 Q0 a 1 1.37 r\n1 Q0 b 2 0.5 r\n1 Q0 c 3 7.763e-05 r\n1 Q0 d 4 8.1e-05 r\n1 Q0 e 5 9e-05 r\n'));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/2 lines score higher than the line before .*first at line 4/);
  });
});

describe('reading with a progress callback (the progress bar on a terminal)', () => {
  it('sees every line and reports the bytes read up to the file size, plain and gzip', async () => {
    const { forEachRunQuery: readRun } = await import('../src/io/forEachRunQuery.js');
    const lines = Array.from({ length: 60_000 }, (_, i) => `${1 + (i >> 10)} Q0 d${i} ${i} ${i % 7} r`).join('\n');
    for (const [name, bytes] of [
      ['p.run', Buffer.from(lines)],
      ['p.run.gz', gzipSync(lines)],
    ] as const) {
      const path = file(name, bytes);
      let seen = 0;
      let last = 0;
      await readRun(path, (q) => (seen += q.docs.size), (b) => (last = b));
      expect(seen).toBe(60_000);
      expect(last).toBe(bytes.length);
    }
  });
});
