import { describe, expect, it } from 'vitest';
import { FileError } from '../src/io/fileError.js';
import { JsonScoresParser } from '../src/io/jsonScoresParser.js';
import { evaluate, evaluateRun, readJsonQrels, readJsonRun } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';

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
