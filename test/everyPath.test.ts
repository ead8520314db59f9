import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { InputTypeError } from '../src/core/errors.js';
import { FileError } from '../src/io/fileError.js';
import { JsonScoresParser } from '../src/io/jsonScoresParser.js';
import { evaluate, evaluateBatch, evaluateRun, evaluateRuns, FeatureEvaluator, readJsonQrels, readJsonRun, readRun } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { ROOT } from './support/child.js';
import { cli, cliBytes, cliWithStdin } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';
import { unless } from './support/skip.js';

const BIN = join(ROOT, 'dist/cli/bin.js');

/**
 * The findings of the every-path round (paths beside the main command), each with the case that
 * showed it: every one of these failed before its fix.
 */
const { file } = scratchFiles('every-path');

describe.each(BACKENDS)('every path, as exact as the main command ($name backend)', ({ name, options }) => {
  it('finding 6: Judged@k under -J is a share of judged documents (at most 1), with -M or without; judgedOnly too', async () => {
    // b is in the qrels but unjudged (-1): -J leaves it out, so the top document is judged
    const qrels = file('jd.qrels', 'q 0 a 1\nq 0 b -1\n');
    const run = file('jd.run', 'q Q0 a 1 5 r\nq Q0 b 2 5 r\n');
    for (const flags of [['-J'], ['-J', '-M', '100']]) {
      for (const ties of ['average', 'trec', 'optimistic', 'pessimistic', 'input']) {
        const r = await cli('--backend', name, '--ties', ties, ...flags, '-m', 'Judged@1', '-m', 'Judged@2', qrels, run);
        expect(r.stdout, `${flags.join(' ')} --ties ${ties}`).toBe('Judged@1              \tall\t1.0000\nJudged@2              \tall\t1.0000\n');
      }
    }
    // -2: judged unjudged (in the pool); judgedOnly leaves it out
    for (const ties of ['average', 'optimistic', 'pessimistic', 'input'] as const) {
      expect(evaluate({ scores: [1, 1], labels: [1, -2] }, ['Judged@1', 'Judged@2'], { ...options, ties, judgedOnly: true })).toEqual({ 'Judged@1': 1, 'Judged@2': 1 });
      expect(evaluate({ scores: [1, 1], labels: [1, -2] }, ['Judged@1', 'Judged@2'], { ...options, ties, judgedOnly: true, maxRank: 5 })).toEqual({ 'Judged@1': 1, 'Judged@2': 1 });
    }
  });
});

describe('JSON runs and qrels read as the TREC files do', () => {
  it('finding 7: documents keep the file order, integer-like ids too, so input order and ties agree with the TREC form', async () => {
    const run = await readJsonRun({ name: 'ii.run.json', data: Buffer.from('{"q1": {"10": 1, "2": 1, "1": 1}}') });
    expect([...run.get('q1')!.keys()]).toEqual(['10', '2', '1']);
    const qrels = await readJsonQrels({ name: 'ii.qrels.json', data: Buffer.from('{"q1": {"10": 1, "2": 0, "1": 0}}') });
    // in the file's order the relevant document 10 is first
    expect(evaluateRun(qrels, run, ['P@1'], { ties: 'input' }).mean['P@1']).toBe(1);
    const trec = await cli('--ties', 'input', '-m', 'P@1', file('ii.qrels', 'q1 0 10 1\nq1 0 2 0\nq1 0 1 0\n'), file('ii.run', 'q1 Q0 10 1 1 r\nq1 Q0 2 2 1 r\nq1 Q0 1 3 1 r\n'));
    expect(trec.stdout).toBe('P@1                   \tall\t1.0000\n');
  });

  it("finding 18: Python's NaN is an error at its line; a JSON Lines file may start with blank lines", async () => {
    const fail = (text: string): Promise<unknown> => readJsonRun({ name: 'py.json', data: Buffer.from(text) }).catch((e: unknown) => e);
    const nan = await fail('{\n  "q1": {\n    "d1": 1.0,\n    "d2": NaN\n  }\n}');
    expect(nan).toBeInstanceOf(FileError);
    expect((nan as Error).message).toBe("py.json:4: query q1, document d2: NaN is not a JSON number (Python's json module writes it for a float nan); write a number");
    expect(((await fail('{"q1": {"d1": -Infinity}}')) as Error).message).toMatch(/^py\.json:1: query q1, document d1: -Infinity is not a JSON number/);
    const lead = await readJsonRun({ name: 'lead.jsonl', data: Buffer.from('\n\n{"q1": {"d1": 1.5}}\n{"q2": {"d2": 0.3}}\n') });
    expect([...lead.keys()]).toEqual(['q1', 'q2']);
  });

  it('finding 18: the reader streams: chunks cut anywhere (inside ids, escapes and numbers) read the same', () => {
    const text = '\ufeff{"q\\u00e9 1": {"d\\"x": 1.5e-3, "2": -0, "ü": 12}, "q2": {}}\n{"q2": {"a": 3}}';
    const whole = new JsonScoresParser('x', 'run');
    whole.push(Buffer.from(text.slice(1)));
    const want = whole.finish();
    expect([...want.entries()].map(([q, d]) => [q, [...d.entries()]])).toEqual([
      ['qé 1', [['d"x', 0.0015], ['2', -0], ['ü', 12]]],
      ['q2', [['a', 3]]],
    ]);
    const bytes = Buffer.from(text.slice(1));
    for (const size of [1, 2, 3, 5, 7]) {
      const parser = new JsonScoresParser('x', 'run');
      for (let at = 0; at < bytes.length; at += size) parser.push(bytes.subarray(at, at + size));
      expect(parser.finish()).toEqual(want);
    }
  });
});

describe('features: the main command\'s names and numbers, bounded memory, checked input', () => {
  // 18 documents: the first two relevant, the third not, the rest relevant; one feature ranks them in file order
  const L = [1, 1, 0, ...Array<number>(15).fill(1)];
  const letor = (): string => file('rm.txt', L.map((l, i) => `${l} qid:1 1:${L.length - i}\n`).join(''));
  const trec = (): [string, string] => [file('rm.qrels', L.map((l, i) => `1 0 d${i} ${l}\n`).join('')), file('rm.run', L.map((_, i) => `1 Q0 d${i} ${i + 1} ${L.length - i} r\n`).join(''))];

  it('findings 4 and 24: every measure name the main command takes, evaluated as it evaluates it (Rprec_mult.0.125 is not 0.12)', async () => {
    const data = letor();
    const [qrels, run] = trec();
    for (const name of ['Rprec_mult.0.125', 'iprec_at_recall.0.125', 'set_F.0.5', 'utility.1,-1,0,0', 'ndcg.1=0,2=1', 'G.1=3.5,2=9', 'rbp.p=0.9', 'P.5,10', 'gm_map', 'num_rel_ret']) {
      const main = JSON.parse((await cli('--format', 'json', '-m', name, qrels, run)).stdout).mean as Record<string, number>;
      const features = await cli('features', '--format', 'json', '-m', name, data);
      expect(features.stderr, name).toBe('');
      expect(JSON.parse(features.stdout).features[0].mean, name).toEqual(main);
    }
    // trec_eval 10.0 on these files prints Rprec_mult_0.12 1.0000 (for 0.12), 0.6667 (for 0.125), Rprec_mult_0.20 0.7500
    const r = JSON.parse((await cli('features', '--format', 'json', '-m', 'Rprec_mult.0.12', '-m', 'Rprec_mult.0.125', '-m', 'Rprec_mult.0.2', data)).stdout);
    expect(r.features[0].mean).toEqual({ 'Rprec(mult=0.12)': 1, 'Rprec(mult=0.125)': 2 / 3, 'Rprec_mult_0.20': 0.75 });
    const text = await cli('features', '-m', 'relstring', data);
    expect([text.code, text.stderr]).toEqual([1, 'tie-eval: error: relstring: text, not a number a feature can be ranked by (runid is the run\'s name, relstring each query\'s relevance string)\n']);
  });

  it('finding 3: a feature index far beyond the rows costs no memory for rows never read; beyond 2^20 it is an error with file and line', async () => {
    const wide = file('f1000.txt', '1 qid:1 1:2 1000:1\n0 qid:1 1:1\n');
    const before = process.memoryUsage().rss;
    const r = await cli('features', '--format', 'json', '-m', 'P@1', wide);
    expect(r.code, r.stderr).toBe(0);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 2 ** 20);
    const features = JSON.parse(r.stdout).features as { feature: number; mean: { 'P@1': number } }[];
    expect(features).toHaveLength(1000);
    expect(features[0]).toMatchObject({ feature: 1, mean: { 'P@1': 1 } });
    const huge = await cli('features', file('fhuge.txt', '0 qid:7 1:1\n1 qid:9 1:2 999999999:1\n0 qid:9 1:1\n'));
    expect([huge.code, huge.stderr]).toEqual([1, `tie-eval: error: ${file('fhuge.txt', '0 qid:7 1:1\n1 qid:9 1:2 999999999:1\n0 qid:9 1:1\n')}:2: query 9 has feature index 999999999, beyond the 1048576 features evaluated (each is a column of every query)\n`]);
  });

  it('finding 13: FeatureEvaluator.add checks the query it is handed', () => {
    const ok = { qid: 'q', line: 0, rows: 2, labels: Float64Array.of(1, 0), features: 1, values: Float64Array.of(0, 5) };
    const evaluator = new FeatureEvaluator({ measures: ['P@1'] });
    const sparse = (rows: number[], features: number[]) => ({ length: rows.length, rows: Int32Array.from(rows), features: Int32Array.from(features), values: new Float64Array(rows.length).fill(1) });
    expect(() => evaluator.add({ ...ok, sparse: sparse([2], [1]) })).toThrow(/query q: sparse entry 0 is in row 2, outside rows 0 to 1/);
    expect(() => evaluator.add({ ...ok, sparse: sparse([0], [2]) })).toThrow(/query q: sparse entry 0 is feature 2, outside features 1 to 1/);
    expect(() => evaluator.add({ ...ok, labels: Float64Array.of(1, 0, 0) })).toThrow(/query q: 3 labels for 2 rows/);
    expect(() => evaluator.add({ ...ok, rows: -1 })).toThrow(/query q: rows must be a positive integer, got -1/);
    expect(() => evaluator.add({ ...ok, values: Float64Array.of(1) })).toThrow(/query q: 1 values for 2 rows of 1 features/);
    // nothing of a refused query was kept
    evaluator.add(ok);
    expect(evaluator.result().features[0]).toMatchObject({ feature: 1, mean: { 'P@1': 0 } });
  });

  it('finding 23: with --query-file, a query id met again after another is an error, as without it', async () => {
    const data = file('rep.txt', '1 qid:1 1:1\n0 qid:2 1:1\n0 qid:1 1:5\n');
    const sizes = file('rep.q', '1\n1\n1\n');
    const withSizes = await cli('features', '--query-file', sizes, data);
    const without = await cli('features', data);
    expect(without.stderr).toBe(`tie-eval: error: ${data}:3: the rows of query 1 are not contiguous: it started at line 1, another query came between\n  3 | 0 qid:1 1:5\n`);
    expect(withSizes.stderr).toBe(without.stderr);
  });
});

describe('the subcommands beside the main command', () => {
  const g = (): [string, string] => [file('g.qrels', 'q1 0 d1 1\nq1 0 d2 0\nq2 0 d1 1\n'), file('g.run', 'q1 Q0 d1 1 3 D\nq1 Q0 d2 2 3 D\nq2 Q0 d1 1 1 D\n')];

  it('finding 5: two measures trec_eval prints under one label are both evaluated and printed; JSON keys them apart', async () => {
    const qrels = file('rm5.qrels', [1, 1, 0, ...Array<number>(15).fill(1)].map((l, i) => `1 0 d${i} ${l}\n`).join(''));
    const run = file('rm5.run', Array.from({ length: 18 }, (_, i) => `1 Q0 d${i} ${i + 1} ${18 - i} r\n`).join(''));
    // trec_eval 10.0 prints these two lines for -m Rprec_mult.0.12,0.125
    expect((await cli('--ties', 'trec', '-m', 'Rprec_mult.0.12,0.125', qrels, run)).stdout).toBe('Rprec_mult_0.12       \tall\t1.0000\nRprec_mult_0.12       \tall\t0.6667\n');
    const json = JSON.parse((await cli('--format', 'json', '-m', 'Rprec_mult.0.12,0.125', qrels, run)).stdout);
    expect(json.mean).toEqual({ 'Rprec(mult=0.12)': 1, 'Rprec(mult=0.125)': 2 / 3 });
    // one measure asked twice (official's map and map) is still listed once
    expect((await cli('-m', 'map', '-m', 'map', qrels, run)).stdout.split('\n').filter((l) => l !== '')).toHaveLength(1);
  });

  it('finding 9: range, plot and compare show the summary the main command prints (geometric means, sums of counts)', async () => {
    const [qrels, run] = g();
    const main = JSON.parse((await cli('--ties', 'range', '--format', 'json', '-m', 'gm_map', '-m', 'gm_bpref', '-m', 'num_ret', qrels, run)).stdout).mean;
    const range = JSON.parse((await cli('range', '--format', 'json', '-m', 'gm_map', '-m', 'gm_bpref', '-m', 'num_ret', qrels, run)).stdout) as { measure: string; pessimistic: number; average: number; optimistic: number }[];
    for (const row of range) for (const mode of ['pessimistic', 'average', 'optimistic'] as const) expect(row[mode], `${row.measure} ${mode}`).toBe(main[row.measure][mode]);
    // gm_map's average: sqrt(0.75 * 1), not the arithmetic 0.875; num_ret is 3, not 1.5
    expect(main.gm_map.average).toBeCloseTo(Math.sqrt(0.75), 15);
    expect(main.num_ret.average).toBe(3);
    const compare = JSON.parse((await cli('compare', '--format', 'json', '-m', 'gm_map', '-m', 'num_ret', qrels, run, run)).stdout);
    expect(compare.map((c: { means: { mean: number }[] }) => c.means[0]!.mean)).toEqual([main.gm_map.average, 3]);
    const svg = (await cli('plot', '-m', 'gm_map', qrels, run)).stdout;
    expect(svg).toContain(`data-pessimistic="${main.gm_map.pessimistic}" data-optimistic="${main.gm_map.optimistic}"`);
  });

  it('finding 10: compare refuses a NaN value (trec_eval\'s -nan) with the run and query, instead of calling the pair significant', async () => {
    const qrels = file('n.qrels', 'q1 0 d1 1\nq2 0 d1 1\n');
    const run = file('n.run', 'q1 Q0 dx 1 1 r\nq2 Q0 d1 1 1 r\n');
    const r = await cli('compare', '--ties', 'trec', '-J', '-m', '11pt_avg', qrels, run, run);
    expect([r.code, r.stdout, r.stderr]).toEqual([1, '', `tie-eval: error: ${run}, query q1: the value is NaN (as trec_eval's -nan), which no test can compare; leave the query out or choose another measure\n`]);
    // a run against itself without NaN: no difference, p 1
    const same = JSON.parse((await cli('compare', '--format', 'json', '-m', 'P@1', qrels, run, run)).stdout)[0].pairs[0];
    expect([same.meanDifference, same.t, same.p]).toEqual([0, 0, 1]);
  });

  it('finding 11: ties on a run not grouped by query counts each line once', async () => {
    const run = file('ng.run', 'q1 Q0 a 1 1 r\nq2 Q0 a 1 1 r\nq1 Q0 b 2 1 r\n');
    const stats = JSON.parse((await cli('ties', '--format', 'json', run)).stdout)[0];
    expect(stats).toMatchObject({ lines: 3, queries: 2, tiedDocuments: 1, largestGroup: 2 });
    await expect(readRun(run, () => {})).rejects.toThrow(/not grouped by query/);
  });

  it('finding 12: band keeps the bytes of ids to standard output as to a file', async () => {
    const run = file('l1.run', Buffer.from('q1 Q0 d\xff 1 3 r\n', 'latin1'));
    const out = file('l1b.run', '');
    const r = await cliBytes('band', '--phi', '2', run);
    await cli('band', '--phi', '2', run, '-o', out);
    expect(r.bytes).toEqual(readFileSync(out));
    expect(r.bytes.includes(Buffer.from('d\xff 1', 'latin1'))).toBe(true);
  });

  it('finding 14: plot escapes control characters of run names (the file names, as range and compare name runs): the SVG parses as XML', async () => {
    const qrels = file('c14.qrels', 'q1 0 d1 1\nq2 0 d1 1\n');
    const run = file('ctl\x01.run', 'q1 Q0 d1 1 3 r\x01\nq2 Q0 d1 1 3 r\x01\n');
    const svg = (await cli('plot', qrels, run)).stdout;
    expect(() => new XMLParser().parse(svg)).not.toThrow();
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).toContain('ctl\u2401.run');
  });

  it('finding 15: -o writes atomically: a failed band, plot or evaluation leaves the file as it was, and an input is never overwritten', async () => {
    const [qrels, run] = g();
    const out = file('out.txt', 'PRECIOUS\n');
    const bad = file('badlate.run', 'q1 Q0 d1 1 3 r\nq2 Q0 d1 1 3 r\nq2 Q0 d2 2 zz r\n');
    for (const args of [['band', '--phi', '2', file('absent.run', '') + '.missing', '-o', out], ['band', '--phi', '2', bad, '-o', out], ['plot', qrels, bad, '-o', out], ['-o', out, qrels, bad]]) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(readFileSync(out, 'utf8')).toBe('PRECIOUS\n');
    }
    const self = file('self.run', readFileSync(run));
    for (const args of [['band', '--phi', '2', self, '-o', self], ['-o', self, qrels, self], ['plot', qrels, self, '-o', self]]) {
      const r = await cli(...args);
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, `tie-eval: error: -o ${self} would write over an input file; choose another output\n`]);
      expect(readFileSync(self)).toEqual(readFileSync(run));
    }
    // no temporary file is left beside the target
    expect(readdirSync(dirname(out)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // a symbolic link: the file it points to gets the output, the link stays
    const link = join(dirname(out), 'link.txt');
    symlinkSync(out, link);
    expect((await cli('-o', link, '-m', 'P@1', qrels, run)).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(out, 'utf8')).toBe('P@1                   \tall\t0.7500\n');
    // a device is written in place, and stays a device
    expect((await cli('band', '--phi', '2', run, '-o', '/dev/null')).code).toBe(0);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('-o on every subcommand: ties, range and compare write what they print, atomically, and refuse an input', async () => {
    const [qrels, run] = g();
    for (const args of [['ties', run], ['range', qrels, run], ['compare', qrels, run, run], ['ties', '--format', 'json', run]]) {
      const out = file('sub.out', 'PRECIOUS\n');
      const printed = await cli(...args);
      const written = await cli(...args, '-o', out);
      expect([written.code, written.stdout], args.join(' ')).toEqual([0, '']);
      expect(readFileSync(out, 'utf8'), args.join(' ')).toBe(printed.stdout);
      expect((await cli(...args, '-o', run)).code).toBe(2);
    }
    expect(readFileSync(run, 'utf8')).toBe('q1 Q0 d1 1 3 D\nq1 Q0 d2 2 3 D\nq2 Q0 d1 1 1 D\n');
  });

  it('finding 16: a second - is a usage error with its message, on every command; - is standard input for range, compare, plot, ties, band and --query-file', async () => {
    const [qrels, run] = g();
    for (const args of [[qrels, '-', '-'], ['range', qrels, '-', '-'], ['compare', qrels, '-', '-'], ['plot', qrels, '-', '-']]) {
      const r = await cliWithStdin('', ...args);
      expect([r.code, r.stderr], args.join(' ')).toEqual([2, "tie-eval: error: only one file can be '-' (standard input)\n"]);
    }
    const text = readFileSync(run, 'utf8');
    const fromFile = (await cli('range', '--format', 'json', qrels, run)).stdout;
    expect((await cliWithStdin(text, 'range', '--format', 'json', qrels, '-')).stdout).toBe(fromFile.replaceAll(JSON.stringify(run), '"stdin"'));
    expect(JSON.parse((await cliWithStdin(text, 'ties', '--format', 'json', '-')).stdout)[0]).toMatchObject({ run: 'stdin', lines: 3, queries: 2 });
    expect((await cliWithStdin(text, 'band', '--phi', '2', '-')).stdout).toBe((await cli('band', '--phi', '2', run)).stdout);
    const data = file('qf.txt', '1 1:1\n0 1:2\n1 1:3\n');
    expect((await cliWithStdin('2\n1\n', 'features', '--query-file', '-', data)).stdout).toBe((await cli('features', '--query-file', file('qf.query', '2\n1\n'), data)).stdout);
  });

  it('finding 19: range, compare and plot leave text measures out of trec_eval\'s sets, and refuse only text', async () => {
    const [qrels, run] = g();
    const range = await cli('range', '--format', 'json', '-m', 'official', qrels, run);
    expect(range.code, range.stderr).toBe(0);
    expect(JSON.parse(range.stdout).map((r: { measure: string }) => r.measure)).not.toContain('runid');
    for (const [command, name] of [['compare', 'runid'], ['plot', 'relstring'], ['range', 'runid']] as const) {
      const runs = command === 'compare' ? [run, run] : [run];
      const r = await cli(command, '-m', name, qrels, ...runs);
      expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `tie-eval: error: ${command} compares numbers: ${name} is text; give a numeric measure\n`]);
    }
  });

  it('finding 21: evaluateRuns names a source that is none', async () => {
    const [qrels] = g();
    for (const [source, what] of [[null, 'null'], [42, 'number'], [new ArrayBuffer(8), 'ArrayBuffer'], [{ name: 'x', data: 5 }, 'number']] as const) {
      await expect(evaluateRuns(qrels, [source as never])).rejects.toThrow(new InputTypeError(`run 1: a source is a path, bytes (a Uint8Array), a stream of bytes, or { name, data } of those; got ${what}`));
    }
  });

  it('finding 22: a truncated gzip file is said to be truncated', async () => {
    const [qrels, run] = g();
    const cut = file('t.gz', gzipSync(readFileSync(run)).subarray(0, 20));
    expect((await cli(qrels, cut)).stderr).toBe(`tie-eval: error: ${cut}: the gzip file is truncated: it ends before its compressed data does\n`);
  });
});

unless(existsSync(BIN) && process.platform !== 'win32' ? undefined : 'the built command (dist/cli/bin.js) is needed, on a system with bash').describe('the built command with pipes and a full disk', () => {
  it('finding 17: a pipe as a file (<(cat run)) reads as the file; finding 20: a full disk is one line on stderr, exit 1', () => {
    const qrels = file('p.qrels', 'q1 0 d1 1\nq2 0 d1 1\n');
    const run = file('p.run', 'q1 Q0 dx 1 1 r\nq2 Q0 d1 1 1 r\n');
    const plain = spawnSync(process.execPath, [BIN, qrels, run], { encoding: 'utf8' });
    const piped = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" "${qrels}" <(cat "${run}")`], { encoding: 'utf8' });
    expect([piped.status, piped.stdout, piped.stderr]).toEqual([0, plain.stdout, '']);
    const gzipped = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" <(gzip -c "${qrels}") <(gzip -c "${run}")`], { encoding: 'utf8' });
    expect(gzipped.stdout).toBe(plain.stdout);
    if (existsSync('/dev/full')) {
      const full = spawnSync('bash', ['-c', `"${process.execPath}" "${BIN}" "${qrels}" "${run}" > /dev/full`], { encoding: 'utf8' });
      expect([full.status, full.stderr]).toEqual([1, 'tie-eval: error: cannot write the output (ENOSPC)\n']);
    }
  });
});

describe.each(BACKENDS)('evaluateRun on objects as the main command on files ($name backend)', ({ options }) => {
  it('reads objects and Maps alike: ids named like Object.prototype members, inherited keys left out, many judgements or few', () => {
    const qrels = { q1: { constructor: 1, toString: 0, x: 2 }, q2: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`d${i}`, i % 3])) };
    const inherited = Object.assign(Object.create({ ghost: 99 }) as Record<string, number>, { constructor: 0.5, toString: 0.7, y: 0.9 });
    const run = { q1: inherited, q2: Object.fromEntries(Array.from({ length: 45 }, (_, i) => [`d${44 - i}`, i % 7])) };
    const asMaps = new Map(Object.entries(run).map(([q, d]) => [q, new Map(Object.entries(d))]));
    const measures = ['nDCG@10', 'AP', 'P@5', 'NumRet'];
    const objects = evaluateRun(qrels, run, measures, options);
    expect(evaluateRun(new Map(Object.entries(qrels).map(([q, d]) => [q, new Map(Object.entries(d))])), asMaps, measures, options).perQuery).toEqual(objects.perQuery);
    // the same queries as a batch: q1 ranks y (unjudged), toString (0), constructor (1); ghost is not a document
    const q2 = Array.from({ length: 45 }, (_, i) => 44 - i);
    const batch = evaluateBatch(
      {
        scores: Float64Array.from([0.9, 0.7, 0.5, ...q2.map((_, i) => i % 7)]),
        labels: Float64Array.from([-1, 0, 1, ...q2.map((d) => (d < 40 ? d % 3 : -1))]),
        offsets: Uint32Array.of(0, 3, 48),
        idealLabels: [[1, 0, 2], Array.from({ length: 40 }, (_, i) => i % 3)],
      },
      measures,
      options,
    );
    expect(objects.perQuery).toEqual(batch.perQuery);
    expect([...objects.perQuery.NumRet!]).toEqual([3, 45]);
  });

  it("finding 8: allQueries ranks a query without results as -c does (one document the qrels lack), with trec_eval's values", async () => {
    const qrels = { q1: { d1: 1 }, q2: { d1: 1, d2: 0 } };
    const run = { q1: { d1: 1, d3: 0.5 } };
    const names = ['iprec_at_recall_0.00', '11pt_avg', 'P_5', 'unj_3', 'num_ret'];
    const r = evaluateRun(qrels, run, names, { ...options, ties: 'trec', allQueries: true });
    // trec_eval 10.0 -c on these as TREC files: iprec_at_recall_0.00 0.5000, 11pt_avg 0.5000, P_5 0.1000, unj_3 0.1667, num_ret 2 (a sum)
    expect([r.mean['iprec_at_recall_0.00'], r.mean['11pt_avg'], r.mean.P_5, r.mean.unj_3!.toFixed(4)]).toEqual([0.5, 0.5, 0.1, '0.1667']);
    expect([...r.perQuery.num_ret!]).toEqual([2, 0]);
    const files = await cli('--ties', 'trec', '-c', '--format', 'json', ...names.flatMap((n) => ['-m', n]), file('c.qrels', 'q1 0 d1 1\nq2 0 d1 1\nq2 0 d2 0\n'), file('c.run', 'q1 Q0 d1 1 1 r\nq1 Q0 d3 2 0.5 r\n'));
    const json = JSON.parse(files.stdout);
    for (const name of names) expect([...r.perQuery[name]!], name).toEqual(['q1', 'q2'].map((q) => json.perQuery[q][name]));
  });
});
