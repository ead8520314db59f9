import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './backends.js';
import { cli, cliWithStdin } from './support/cli.js';
import { FIXTURES, fixtureText } from './support/trecFiles.js';
import { scratchFiles } from './support/scratchFiles.js';

const path = (p: string): string => fileURLToPath(new URL(p, FIXTURES));

/** The six flag sets of test/fixtures/trec_eval/all_trec (see its README): output file, flags, qrels. */
const FLAG_SETS = JSON.parse(fixtureText(new URL('all_trec/flagSets.json', FIXTURES))) as [string, string[], string][];
const CASES = ['s1', 's2', 's3'].flatMap((seed) => FLAG_SETS.map(([set, flags, qrels]) => ({ seed, set, flags, qrels })));

/** trec_eval's rbp and rbp_resid read uninitialised memory (the fixtures' README): their lines are no specification. */
const withoutRbp = (text: string): string[] => text.split('\n').filter((l) => l !== '' && !/^rbp/.test(l));

describe.each(BACKENDS)('--ties trec -q -m all_trec prints what trec_eval 10.0 prints ($name backend)', ({ name }) => {
  it.each(CASES)('$seed $set', async ({ seed, set, flags, qrels }) => {
    const want = withoutRbp(fixtureText(new URL(`all_trec/${seed}/trec_eval.${set}.txt.gz`, FIXTURES)));
    const r = await cli('--ties', 'trec', '-q', ...flags, '-m', 'all_trec', '--backend', name, path(`all_trec/${seed}/${qrels}`), path(`all_trec/${seed}/run.txt.gz`));
    expect(r.code, r.stderr).toBe(0);
    const got = withoutRbp(r.stdout);
    expect(got.length).toBe(want.length);
    // line by line, so a failure names the first line that differs
    for (let i = 0; i < want.length; i++) if (got[i] !== want[i]) expect.fail(`line ${i + 1}: '${got[i]}', trec_eval '${want[i]}'`);
  });
});

const { file } = scratchFiles('trec-parity');
const write = async (name: string, text: string): Promise<string> => file(name, `${text}\n`);

describe('--ties trec: the cases the parity issue named, each with what trec_eval 10.0 printed for it', () => {
  it('six lines, no tie: map sits on an exact half (71/160); trec_eval prints 0.4438', async () => {
    const run = await write('six.run', 'abcdef'.split('').map((d, i) => `1 Q0 ${d} ${i + 1} ${6 - i} r`).join('\n'));
    const qrels = await write('six.qrels', ['1 0 a 0', ...'bcdefghi'.split('').map((d) => `1 0 ${d} 1`)].join('\n'));
    for (const { name } of BACKENDS) {
      const r = await cli('--ties', 'trec', '--backend', name, '-m', 'P.10,5', '-m', 'map', '-m', 'recip_rank', qrels, run);
      // the measures in trec_eval's table order, whatever the order of -m
      expect(r.stdout).toBe('map                   \tall\t0.4438\nrecip_rank            \tall\t0.5000\nP_5                   \tall\t0.8000\nP_10                  \tall\t0.5000\n');
    }
  });

  it('bpref: two queries whose mean is 303/800, an exact half; trec_eval prints 0.3788', async () => {
    const run = await write('bh.run', [...[7, 6, 5, 4, 3, 2, 1].map((s, i) => `1 Q0 q1d${i} ${i + 1} ${s} r`), ...[3, 2, 1].map((s, i) => `2 Q0 q2d${i} ${i + 1} ${s} r`)].join('\n'));
    const judged = ['1 0 q1d0 0', '1 0 q1d2 0', '1 0 q1d3 1', '1 0 q1d4 1', '1 0 q1d5 0', '1 0 q1d6 1', '1 0 q1xr0 1', '1 0 q1xr1 1', '1 0 q1xn0 0', '1 0 q1xn1 0', '1 0 q1xn2 0'];
    const qrels = await write('bh.qrels', [...judged, '2 0 q2d0 1', '2 0 q2d1 0', '2 0 q2d2 1', '2 0 q2xr0 1', '2 0 q2xr1 1', '2 0 q2xn0 0', '2 0 q2xn1 0', '2 0 q2xn2 0'].join('\n'));
    for (const { name } of BACKENDS) expect((await cli('--ties', 'trec', '--backend', name, '-m', 'bpref', qrels, run)).stdout).toBe('bpref                 \tall\t0.3788\n');
  });

  it('-M 50 -J: the top 50 first, then only judged documents (60 documents, the last 10 relevant): 0', async () => {
    const run = await write('mj.run', Array.from({ length: 60 }, (_, i) => `1 Q0 d${i} ${i + 1} ${100 - i} r`).join('\n'));
    const qrels = await write('mj.qrels', Array.from({ length: 10 }, (_, i) => `1 0 d${50 + i} 1`).join('\n'));
    for (const { name } of BACKENDS) {
      const r = await cli('--ties', 'trec', '--backend', name, '-M', '50', '-J', '-m', 'map', '-m', 'num_ret', '-m', 'P.5', qrels, run);
      expect(r.stdout).toBe('num_ret               \tall\t0\nmap                   \tall\t0.0000\nP_5                   \tall\t0.0000\n');
    }
  });

  it('-J empties a ranking: interpolated precision at rank 0 is 0 / 0 and prints -nan, per query and in the mean; -c -J a query without results too', async () => {
    // q2's result and q3's are unjudged; q3 judges nothing relevant (every level's rank is 0); q4 has no results
    const qrels = await write('nan.qrels', '1 0 a 1\n1 0 b 0\n2 0 c 1\n2 0 d 0\n3 0 e 0\n4 0 f 1');
    const run = await write('nan.run', '1 Q0 a 1 2 r\n1 Q0 x 2 1 r\n2 Q0 y 1 1 r\n3 Q0 z 1 1 r');
    // trec_eval 10.0: -c ranks one unjudged placeholder document for q4, which -J drops
    const withJ = [
      ['1', '1.0000', '1.0000', '0.2000', '1.0000'],
      ['2', '  -nan', '0.0000', '0.0000', '  -nan'],
      ['3', '  -nan', '  -nan', '0.0000', '  -nan'],
      ['4', '  -nan', '0.0000', '0.0000', '  -nan'],
      ['all', '  -nan', '  -nan', '0.0500', '  -nan'],
    ];
    const lines = (rows: string[][]): string =>
      rows.flatMap(([q, i0, i5, p5, avg]) => [`iprec_at_recall_0.00  \t${q}\t${i0}`, `iprec_at_recall_0.50  \t${q}\t${i5}`, `P_5                   \t${q}\t${p5}`, `11pt_avg              \t${q}\t${avg}`]).join('\n') + '\n';
    // without -J the placeholder stays: q4 is 0, and so the mean is defined
    const withoutJ = '11pt_avg              \t4\t0.0000\n';
    for (const { name } of BACKENDS) {
      const measures = ['-m', 'iprec_at_recall.0,.5', '-m', '11pt_avg', '-m', 'P.5'];
      const r = await cli('--ties', 'trec', '--backend', name, '-c', '-J', '-q', ...measures, qrels, run);
      expect(r.stdout).toBe(lines(withJ));
      const plain = await cli('--ties', 'trec', '--backend', name, '-c', '-q', '-m', '11pt_avg', qrels, run);
      expect(plain.stdout).toContain(withoutJ);
      expect(plain.stdout).toContain('11pt_avg              \tall\t0.2500\n');
      // the tie-aware modes give an empty ranking 0 (see docs/cli.md)
      const average = await cli('--backend', name, '-c', '-J', '-m', '11pt_avg', qrels, run);
      expect(average.stdout).toBe('11pt_avg              \tall\t0.2500\n');
    }
  });

  it('-c: a query without results is ranked one document the qrels lack; num_ret, unj and utility (by that name) are 0, relstring (by that name) empty', async () => {
    const qrels = await write('c.qrels', '1 0 a 1\n1 0 b 0\n2 0 c 1\n2 0 d 0\n3 0 e 0\n4 0 f 1');
    const run = await write('c.run', '1 Q0 a 1 2 r\n1 Q0 x 2 1 r\n2 Q0 y 1 1 r\n3 Q0 z 1 1 r');
    const q4 = (text: string): string[] => text.split('\n').filter((l) => /\t(4|all)\t/.test(l));
    // trec_eval 10.0's lines for query 4 and the mean: a utility with parameters and relstring.4 keep the document's values
    const want = {
      '-c': ['num_ret               \t4\t0', "relstring_4           \t4\t'-'", 'utility_2,-1,-0.5,0.1 \t4\t-1.7000', 'unj_3                 \t4\t0.0000', 'num_ret               \tall\t4', 'utility_2,-1,-0.5,0.1 \tall\t-0.9250', 'unj_3                 \tall\t0.2500'],
      '-J': ['num_ret               \t4\t0', "relstring_4           \t4\t''", 'utility_2,-1,-0.5,0.1 \t4\t-0.6000', 'unj_3                 \t4\t0.0000', 'num_ret               \tall\t1', 'utility_2,-1,-0.5,0.1 \tall\t0.1750', 'unj_3                 \tall\t0.0000'],
    };
    for (const { name } of BACKENDS) {
      for (const flags of [['-c'], ['-c', '-J']]) {
        const r = await cli('--ties', 'trec', '--backend', name, ...flags, '-q', '-m', 'utility.2,-1,-0.5,0.1', '-m', 'relstring.4', '-m', 'num_ret', '-m', 'unj.3', qrels, run);
        expect(q4(r.stdout)).toEqual(want[flags.length === 1 ? '-c' : '-J']);
      }
      const named = await cli('--ties', 'trec', '--backend', name, '-c', '-q', '-m', 'utility', '-m', 'relstring', qrels, run);
      expect(q4(named.stdout)).toEqual(["relstring             \t4\t''", 'utility               \t4\t0.0000', 'utility               \tall\t-0.5000']);
    }
  });

  it('-M then -J: infAP ranks only the judged documents of the top M (a pooled unjudged one drops out too); trec_eval prints 0.5556', async () => {
    // d1 is in the qrels unjudged (-1), d5 not at all; -M 5 cuts d6
    const qrels = await write('infap.qrels', '1 0 d1 -1\n1 0 d2 1\n1 0 d3 0\n1 0 d4 1\n1 0 d6 1');
    const run = await write('infap.run', ['d1', 'd2', 'd5', 'd3', 'd4', 'd6'].map((d, i) => `1 Q0 ${d} ${i + 1} ${9 - i} r`).join('\n'));
    for (const { name } of BACKENDS) {
      expect((await cli('--ties', 'trec', '--backend', name, '-M', '5', '-J', '-m', 'infAP', qrels, run)).stdout).toBe('infAP                 \tall\t0.5556\n');
      expect((await cli('--ties', 'trec', '--backend', name, '-M', '5', '-m', 'infAP', qrels, run)).stdout).toBe('infAP                 \tall\t0.4167\n');
    }
  });

  it('without -m, --ties trec prints the official measures; -n leaves out the summary; - reads standard input', async () => {
    const run = await write('off.run', '1 Q0 a 1 3 tag\n1 Q0 b 2 2 tag\n1 Q0 c 3 1 tag\n');
    const qrels = '1 0 a 0\n1 0 c 1\n';
    const r = await cliWithStdin(qrels, '--ties', 'trec', '-', run);
    expect(r.code, r.stderr).toBe(0);
    const labels = r.stdout.split('\n').filter((l) => l !== '').map((l) => l.split('\t')[0]!.trim());
    expect(labels.slice(0, 12)).toEqual(['runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'map', 'gm_map', 'Rprec', 'bpref', 'recip_rank', 'iprec_at_recall_0.00', 'iprec_at_recall_0.10']);
    expect(r.stdout).toMatch(/^runid {17}\tall\ttag\nnum_q {17}\tall\t1\nnum_ret {15}\tall\t3\nnum_rel {15}\tall\t1\nnum_rel_ret {11}\tall\t1\nmap {19}\tall\t0.3333\n/);
    const perQuery = await cliWithStdin(qrels, '--ties', 'trec', '-q', '-n', '-m', 'map', '-m', 'relstring', '-', run);
    expect(perQuery.stdout).toBe("map                   \t1\t0.3333\nrelstring             \t1\t'0-1'\n");
    // without -q relstring prints nothing (it is not even computed), as trec_eval prints nothing
    const summary = await cliWithStdin(qrels, '--ties', 'trec', '-m', 'map', '-m', 'relstring', '-', run);
    expect(summary.stdout).toBe('map                   \tall\t0.3333\n');
    const { evaluateRuns } = await import('../src/index.js');
    const { measures } = await evaluateRuns(new TextEncoder().encode(qrels), [run], { measures: ['map', 'relstring'], noRelstrings: true });
    expect(measures.map((m) => m.label)).toEqual(['map']);
  });

  it('a run query missing from the qrels is counted once, however many blocks its lines make', async () => {
    const run = await write('blocks.run', '9 Q0 x 1 3 r\n1 Q0 a 1 3 r\n9 Q0 y 2 2 r\n');
    const qrels = await write('blocks.qrels', '1 0 a 1\n');
    const r = await cli('--ties', 'trec', '-m', 'map', qrels, run);
    expect(r.stderr).toMatch(/1 query of the run is not in the qrels and was ignored \(e\.g\. 9\)\n/);
  });

  it('-v prints the version; -o refuses an argument that looks like an option', async () => {
    const version = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
    expect((await cli('-v')).stdout.trim()).toBe(version);
    const r = await cli('-o', '-q', path('all_trec/s1/qrels.txt'), path('all_trec/s1/run.txt.gz'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/'-q' looks like an option/);
  });
});
