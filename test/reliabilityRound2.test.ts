import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, evaluateBatch, evaluateFeatures, evaluateRun, evaluateRuns, measuresHaveSpread, readJsonQrels } from '../src/index.js';
import { randInt, rng } from '../src/util/random.js';
import { forEachRunQuery, type RunNotes } from '../src/io/forEachRunQuery.js';
import { readQrelsNative, readRunNative } from '../src/io/readTrecNative.js';
import { loadAddon } from '../src/addon/addon.js';
import { FileError } from '../src/io/fileError.js';
import { NO_NATIVE } from './backends.js';
import { unless } from './support/skip.js';
import { pairedTTest } from '../src/analysis/pairedTTest.js';
import { cli } from './support/cli.js';
import { ROOT, runChild } from './support/child.js';
import { scratchFiles } from './support/scratchFiles.js';

// The second adversarial round's findings that are mended (issue "Reliability, second round"):
// each test fails on the build before its fix.
const BIN = join(ROOT, 'dist/cli/bin.js');
const { dir, file } = scratchFiles('round2');
const qrels = file('q.qrels', 'q 0 a 1\nq 0 b 0\nq 0 c 1\n');
const tied = file('tie.run', 'q Q0 a 1 1 r\nq Q0 b 2 1 r\nq Q0 c 3 1 r\n');

/** The built command in a shell, so that redirections are the shell's. */
function shell(script: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync('sh', ['-c', script], { cwd: dir, encoding: 'utf8', env: { ...process.env, TE: `${process.execPath} ${BIN}` } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('-o and the files behind it', () => {
  it('-o /dev/stdout writes through standard output: appended after >>, in place inside a redirected group, into a pipe', () => {
    writeFileSync(join(dir, 'log.txt'), 'OLD LOG LINE\n');
    expect(shell('$TE -m P@1 q.qrels tie.run -o /dev/stdout >> log.txt').code).toBe(0);
    const log = readFileSync(join(dir, 'log.txt'), 'utf8');
    expect(log.startsWith('OLD LOG LINE\nP@1')).toBe(true);
    expect(shell('{ echo header; $TE -m P@1 q.qrels tie.run -o /dev/stdout; echo footer; } > log2.txt').code).toBe(0);
    expect(readFileSync(join(dir, 'log2.txt'), 'utf8')).toMatch(/^header\nP@1 +\tall\t0\.6667\nfooter\n$/);
    const piped = shell('$TE -m P@1 q.qrels tie.run -o /dev/stdout | cat');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(/^P@1 +\tall\t0\.6667\n$/);
  });

  it('-o keeps the mode of the file it replaces, and a dangling link\'s target gets the output', () => {
    const mine = file('private.txt', 'x\n');
    chmodSync(mine, 0o600);
    expect(shell('$TE q.qrels tie.run -o private.txt').code).toBe(0);
    expect(statSync(mine).mode & 0o777).toBe(0o600);
    expect(readFileSync(mine, 'utf8')).toMatch(/^AP/);
    symlinkSync(join(dir, 'made.txt'), join(dir, 'dangling.txt'));
    expect(shell('$TE -m P@1 q.qrels tie.run -o dangling.txt').code).toBe(0);
    expect(readFileSync(join(dir, 'made.txt'), 'utf8')).toMatch(/^P@1/);
  });

  it('a temporary file is removed when the process is stopped by SIGTERM or SIGINT before it commits', () => {
    for (const signal of ['SIGTERM', 'SIGINT']) {
      const target = join(dir, `stopped-${signal}.txt`);
      const r = runChild(`import { OutputFile } from './src/cli/writeOutput.ts'; const f = new OutputFile(${JSON.stringify(target)}); f.writeAt(Buffer.from('partial'), 0); process.kill(process.pid, '${signal}'); setTimeout(() => {}, 5000);`, {});
      expect(r.status === null || r.status !== 0).toBe(true);
      expect(readdirSync(dir).filter((name) => name.startsWith(`.stopped-${signal}`))).toEqual([]);
      expect(existsSync(target)).toBe(false);
    }
  });
});

describe('numbers', () => {
  it('features gives the main command\'s means to the bit, its queries in file order against the main command\'s byte order of ids', async () => {
    const next = rng(53);
    const letor: string[] = [];
    const runs: string[][] = [[], []];
    const judgements: string[] = [];
    // ids 1..300 in file order; byte order puts 10 and 100 after 1
    for (let q = 1; q <= 300; q++) {
      const rows = randInt(next, 3, 8);
      for (let r = 0; r < rows; r++) {
        const label = randInt(next, 0, 2);
        const values = [randInt(next, 0, 3), randInt(next, 0, 9)];
        letor.push(`${label} qid:${q} 1:${values[0]} 2:${values[1]}`);
        judgements.push(`${q} 0 d${r} ${label}`);
        values.forEach((v, f) => runs[f]!.push(`${q} Q0 d${r} ${r + 1} ${v} f`));
      }
    }
    const measures = ['P@3', 'nDCG@5', 'AP', 'RR'];
    const features = await evaluateFeatures(file('order.letor', `${letor.join('\n')}\n`), { measures });
    let orderMoves = false;
    for (const f of [1, 2]) {
      const main = (await evaluateRuns(file('order.qrels', `${judgements.join('\n')}\n`), file(`order${f}.run`, `${runs[f - 1]!.join('\n')}\n`), { measures })).runs[0]!;
      const got = features.features.find((x) => x.feature === f)!.mean;
      for (const m of measures) {
        expect(Object.is(got[m], main.mean.average![m]), `feature ${f}, ${m}: ${got[m]} against ${main.mean.average![m]}`).toBe(true);
        // the test can fail: summed plainly, file order and byte order differ somewhere
        const values = main.perQuery.average![m]!;
        const byFile = [...main.queries.keys()].sort((a, b) => Number(main.queries[a]) - Number(main.queries[b]));
        orderMoves ||= byFile.reduce((s, i) => s + values[i]!, 0) !== values.reduce((s, v) => s + v, 0);
      }
    }
    expect(orderMoves).toBe(true);
  });

  it('a count that is a tie average or an sd prints with decimals in trec_eval\'s layout, as in JSON', async () => {
    const q = await cli('-q', '-m', 'NumRet(rel=1)@1', qrels, tied);
    expect(q.stdout).toBe('NumRet(rel=1)@1       \tq\t0.6667\nNumRet(rel=1)@1       \tall\t0.6667\n');
    const sd = await cli('--ties', 'sd', '-m', 'NumRet(rel=1)@1', qrels, tied);
    expect(sd.stdout.split('\n').at(-2)).toBe('NumRet(rel=1)@1       \tall\t0.6667\t0.4714');
    // whole counts stay integers, as trec_eval prints them
    expect((await cli('-m', 'num_ret', qrels, tied)).stdout).toBe('num_ret               \tall\t3\n');
  });

  it('a gain past a double\'s range (G.1=1e308) answers at once: no endless log2 of Infinity', () => {
    const g2 = file('g2.run', 'q Q0 a 1 2 r\nq Q0 b 2 2 r\nq Q0 c 3 1 r\n');
    for (const ties of ['average', 'trec']) {
      const started = Date.now();
      const r = spawnSync(process.execPath, [BIN, '--ties', ties, '-m', 'G.1=1e308', qrels, g2], { encoding: 'utf8', timeout: 20_000 });
      expect(r.signal).toBeNull();
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(r.stderr).toMatch(/G\(gains={1:1e308}\) is not finite: its gains overflow a double/);
    }
  });

  it('JSON ids that are not valid UTF-8 are an error with the file and line, not merged as U+FFFD', async () => {
    const bad = file('bq.json', Buffer.concat([Buffer.from('{"q1": {"'), Buffer.from([0xff]), Buffer.from('": 1, "a": 0}}\n')]));
    await expect(readJsonQrels(bad)).rejects.toThrow(/bq\.json:1: .*not valid UTF-8/);
    // valid UTF-8 beyond ASCII reads as before
    const good = file('good.json', '{"q1": {"é": 1, "a": 0}}\n');
    expect([...(await readJsonQrels(good)).get('q1')!.keys()]).toEqual(['é', 'a']);
  });
});

describe('features by the features present', () => {
  it('a 2-row file with feature index 2^20 answers in every format, its time and memory by the two features present (1.5 GB heap at most; it took 9 GB, then overflowed the stack)', () => {
    const wide = file('wide.letor', '1 qid:1 1:1 1048576:1\n0 qid:1 1:2\n');
    for (const format of ['text', 'csv', 'json']) {
      const r = spawnSync(process.execPath, ['--max-old-space-size=1536', BIN, 'features', '-m', 'AP', '--format', format, wide], { encoding: 'utf8', maxBuffer: 1 << 28 });
      expect(r.status, r.stderr).toBe(0);
      if (format === 'json') {
        const { features } = JSON.parse(r.stdout) as { features: { feature: number; mean: { AP: number }; tiedPercent: number }[] };
        expect(features).toHaveLength(2 ** 20);
        // 1048576 ranks the relevant document first (1 against a lacking 0), feature 1 last (1 against 2);
        // the rest tie both: AP (1 + 1/2) / 2
        expect([features[0], features.at(-1)].map((f) => [f!.feature, f!.mean.AP])).toEqual([[2 ** 20, 1], [1, 0.5]]);
        expect(features[1]).toMatchObject({ feature: 2, mean: { AP: 0.75 }, tiedPercent: 50 });
      } else expect(r.stdout.split('\n').length).toBeGreaterThan(2 ** 20);
    }
  });
});

describe('files in formats the readers do not read', () => {
  it('bzip2, xz, zstd, zip and UTF-16 files are errors saying what the file is, on every reader', async () => {
    const formats: [string, number[], RegExp][] = [
      ['bz2', [0x42, 0x5a, 0x68, 0x39], /r\.bz2: this is a bzip2 file: decompress it first/],
      ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], /r\.xz: this is an xz file/],
      ['zst', [0x28, 0xb5, 0x2f, 0xfd], /r\.zst: this is a zstd file/],
      ['zip', [0x50, 0x4b, 0x03, 0x04], /r\.zip: this is a zip archive/],
      ['u16', [0xff, 0xfe, 0x71, 0x00], /r\.u16: this is UTF-16 text \(little-endian/],
    ];
    for (const [ext, magic, message] of formats) {
      const path = file(`r.${ext}`, Buffer.concat([Buffer.from(magic), Buffer.from('rest of the file\n')]));
      const run = await cli(qrels, path);
      expect(run.code, ext).toBe(1);
      expect(run.stderr).toMatch(message);
      expect((await cli(path, tied)).stderr).toMatch(message);
      expect((await cli('features', path)).stderr).toMatch(message);
      await expect(readJsonQrels(path)).rejects.toThrow(message);
    }
  });
});

describe('names', () => {
  it('trec_eval\'s printed names with parameters are taken, with the values of the dotted forms (pytrec_eval keys results by them)', async () => {
    const example = (name: string): Promise<{ code: number; stdout: string }> => cli('-m', name, join(ROOT, 'examples/qrels.txt'), join(ROOT, 'examples/run.txt'));
    for (const [printed, dotted] of [['set_F_0.5', 'set_F.0.5'], ['G_1=2', 'G.1=2'], ['ndcg_1=0,2=1', 'ndcg.1=0,2=1'], ['rbp_p=0.5', 'rbp.p=0.5'], ['utility_1,-1,0,0', 'utility.1,-1,0,0'], ['11pt_avg_0.2,0.4', '11pt_avg.0.2,0.4']]) {
      const a = await example(printed!);
      expect(a.code, printed).toBe(0);
      expect(a.stdout).toBe((await example(dotted!)).stdout);
    }
    expect((await cli('-q', '-m', 'relstring_5', join(ROOT, 'examples/qrels.txt'), join(ROOT, 'examples/run.txt'))).stdout).toBe((await cli('-q', '-m', 'relstring.5', join(ROOT, 'examples/qrels.txt'), join(ROOT, 'examples/run.txt'))).stdout);
    expect(evaluate({ scores: [2, 1, 1], labels: [1, 0, 1] }, ['set_F_0.5'])['set_F_0.5']).toBe(evaluate({ scores: [2, 1, 1], labels: [1, 0, 1] }, ['SetF(beta=0.5)'])['SetF(beta=0.5)']);
  });
});

describe('options', () => {
  it('a yes-or-no option that is not true or false is an error naming it, not a silent false', async () => {
    const batch = { scores: Float64Array.of(1, 1), labels: Int32Array.of(1, 0), offsets: Uint32Array.of(0, 2) };
    expect(() => evaluateBatch(batch, ['AP'], { judgedOnly: 'yes' as unknown as boolean })).toThrow(/judgedOnly must be true or false, not 'yes'/);
    expect(() => evaluateBatch(batch, ['AP'], { exact: 1 as unknown as boolean })).toThrow(/exact must be true or false, not 1/);
    await expect(evaluateRuns(qrels, [tied], { allQueries: 'no' as unknown as boolean })).rejects.toThrow(/allQueries must be true or false/);
    expect(() => evaluateRun({ q: { a: 1 } }, { q: { a: 1 } }, ['AP'], { allQueries: 1 as unknown as boolean })).toThrow(/allQueries must be true or false/);
    expect(measuresHaveSpread(['AP'])).toBe(true);
    // one run as itself, not only in an array; something that is no source is named
    expect((await evaluateRuns(qrels, tied, { measures: ['P@1'] })).runs[0]!.mean.average!['P@1']).toBeCloseTo(2 / 3, 15);
    await expect(evaluateRuns(qrels, 42 as never)).rejects.toThrow(/run 1/);
  });

  it('compare refuses an alpha outside (0, 1); a constant difference gives an infinite t, not a huge finite one', async () => {
    for (const alpha of ['2', '-1', '0']) expect((await cli('compare', '--alpha', alpha, qrels, tied, tied)).code).not.toBe(0);
    // every difference 0.2 (but for rounding)
    expect(pairedTTest([0.3, 0.5, 0.7], [0.1, 0.3, 0.5]).t).toBe(Infinity);
    // on the command line: JSON says "Infinity", not null
    const a = file('ta.run', 'q1 Q0 a 1 3 r\nq1 Q0 b 2 2 r\nq2 Q0 a 1 3 r\nq2 Q0 b 2 2 r\n');
    const b = file('tb.run', 'q1 Q0 a 1 2 r\nq1 Q0 b 2 3 r\nq2 Q0 a 1 2 r\nq2 Q0 b 2 3 r\n');
    const judged = file('t.qrels', 'q1 0 a 1\nq1 0 b 0\nq2 0 a 1\nq2 0 b 0\n');
    const json = await cli('compare', '-m', 'P@1', '--format', 'json', judged, a, b);
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as { pairs: { t: unknown }[] }[])[0]!.pairs[0]!.t).toBe('Infinity');
  });
});

describe('serve:web', () => {
  it('answers 400 to a malformed path and stays up; refuses a link that points outside its root', async () => {
    const root = join(dir, 'site');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'index.html'), '<p>page</p>');
    writeFileSync(join(dir, 'secret.txt'), 'secret');
    symlinkSync(join(dir, 'secret.txt'), join(root, 'leak.txt'));
    const server = spawn(process.execPath, [join(ROOT, 'scripts/serveWeb.mjs'), '--port', '0', '--root', root], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const port = await new Promise<number>((done) => server.stdout.on('data', (d: Buffer) => done(Number(/:(\d+)\//.exec(d.toString())![1]))));
      const status = (path: string): Promise<number> =>
        new Promise((done, fail) => request({ host: '127.0.0.1', port, path }, (res) => done(res.resume().statusCode!)).on('error', fail).end());
      expect(await status('/%')).toBe(400);
      expect(await status('/')).toBe(200);
      expect(await status('/leak.txt')).toBe(403);
    } finally {
      server.kill();
    }
  });
});

/** A query as the addon's reader read it ([group, scores, labels, tie keys, judged labels]), its documents in order of tie key (the order of their ids). */
function sortedQuery(query: unknown): unknown {
  const [group, scores, labels, keys, ideal] = query as [number, number[], number[], number[], number[]];
  const order = keys.map((_, i) => i).sort((a, b) => keys[a]! - keys[b]!);
  return [group, order.map((i) => scores[i]), order.map((i) => labels[i]), order.map((i) => keys[i]), ideal];
}

describe('a run not grouped by query', () => {
  it('is read in passes of a bounded number of lines, each query whole, as the grouped file; a document listed twice is found in a later pass, with its lines', async () => {
    const next = rng(8);
    const grouped: string[] = [];
    for (let q = 0; q < 40; q++) for (let d = 0; d < randInt(next, 1, 30); d++) grouped.push(`q${q} Q0 d${d} ${d + 1} ${randInt(next, 0, 5)} r`);
    const shuffled = grouped.slice();
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = randInt(next, 0, i);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const read = async (text: string, linesPerPass: number): Promise<{ queries: Map<string, string[]>; notes: RunNotes }> => {
      const queries = new Map<string, string[]>();
      let restarted = false;
      const notes = await forEachRunQuery({ name: 'run', bytes: Buffer.from(text) }, (q, seen) => {
        // the second reading hands every query again: start over (as the callers do)
        if (seen.ungrouped && !restarted) {
          queries.clear();
          restarted = true;
        }
        expect(queries.has(q.qid), `query ${q.qid} handed twice`).toBe(false);
        queries.set(q.qid, Array.from(q.scores, (s, i) => `${q.docs.text(i)} ${s} ${q.lines[i]}`));
      }, undefined, undefined, linesPerPass);
      return { queries, notes };
    };
    const want = await read(`${grouped.join('\n')}\n`, 1 << 22);
    expect(want.notes.ungrouped).toBe(false);
    for (const perPass of [1, 7, 100, 1 << 22]) {
      const got = await read(`${shuffled.join('\n')}\n`, perPass);
      expect(got.notes.ungrouped).toBe(true);
      expect([...got.queries.keys()].sort()).toEqual([...want.queries.keys()].sort());
      // each query's documents and scores, in the order and at the lines of the shuffled file
      for (const [qid, docs] of got.queries) {
        const expected = want.queries.get(qid)!.map((entry) => {
          const [doc, score] = entry.split(' ');
          return { text: `${doc} ${score}`, line: shuffled.findIndex((l) => l.startsWith(`${qid} Q0 ${doc} `)) + 1 };
        });
        expect(docs).toEqual(expected.sort((a, b) => a.line - b.line).map((e) => `${e.text} ${e.line}`));
      }
    }
    const twice = `${shuffled.join('\n')}\n${shuffled[3]}\n`;
    await expect(read(twice, 7)).rejects.toThrow(new RegExp(`run:${shuffled.length + 1}: document \\S+ appears twice in query \\S+, at lines 4 and ${shuffled.length + 1}`));
  });

  unless(NO_NATIVE).it('the addon reads it in passes of any size as it reads the grouped file (labels, -J, tie keys); a document twice or a file changed between passes is reported', async () => {
    const next = rng(9);
    const grouped: string[] = [];
    const judged: string[] = [];
    for (let q = 0; q < 60; q++) {
      for (let d = 0; d < randInt(next, 1, 40); d++) {
        grouped.push(`q${q} Q0 d${d} ${d + 1} ${randInt(next, 0, 5)} r`);
        if (next() < 0.5) judged.push(`q${q} 0 d${d} ${randInt(next, -1, 3)}`);
      }
    }
    // a query the qrels lack
    grouped.push('nojudge Q0 a 1 1 r', 'nojudge Q0 b 2 5 r');
    const shuffled = grouped.slice().sort(() => next() - 0.5);
    const qrels = file('passes.qrels', `${judged.join('\n')}\n`);
    const groupedRun = file('passes-grouped.run', `${grouped.join('\n')}\n`);
    const shuffledRun = file('passes-shuffled.run', `# a comment\n${shuffled.join('\r\n')}\n`);
    /** Each query's (group, scores, labels, tie keys), the notes, and how many batches (passes) came. */
    const read = async (run: string, judgedOnly: boolean, passBytes?: number): Promise<{ queries: Map<string, unknown>; notes: RunNotes | null; batches: number }> => {
      const native = await readQrelsNative(qrels, new (loadAddon().TrecReader)());
      const queries = new Map<string, unknown>();
      let batches = 0;
      const notes = await readRunNative(run, native, judgedOnly, true, 1 << 20, (b, ungrouped) => {
        expect(ungrouped).toBe(run === shuffledRun);
        batches++;
        b.qids.forEach((qid, q) => {
          expect(queries.has(qid), `query ${qid} handed twice`).toBe(false);
          const [from, to] = [b.offsets[q]!, b.offsets[q + 1]!];
          queries.set(qid, [b.groups[q], [...b.scores.subarray(from, to)], [...b.labels.subarray(from, to)], [...b.tieKeys!.subarray(from, to)], [...b.ideal.subarray(b.idealOffsets[q], b.idealOffsets[q + 1])]]);
        });
      }, undefined, undefined, passBytes);
      return { queries, notes, batches };
    };
    // lines whose score and rank rise after a line of the same query, as the TypeScript reader counts them
    const tsNotes = await forEachRunQuery(shuffledRun, () => {});
    expect(tsNotes.misordered).toBeGreaterThan(0);
    for (const judgedOnly of [false, true]) {
      const want = await read(groupedRun, judgedOnly);
      expect(want.notes!.ungrouped).toBe(false);
      for (const passBytes of [1, 500, 5000, undefined]) {
        const got = await read(shuffledRun, judgedOnly, passBytes);
        expect(got.notes!.ungrouped).toBe(true);
        expect(got.notes!.runid).toBe('r');
        // each query's documents in the shuffled file's order: as sorted by the grouped reading's, they agree
        expect(new Map([...got.queries].map(([qid, v]) => [qid, sortedQuery(v)]))).toEqual(new Map([...want.queries].map(([qid, v]) => [qid, sortedQuery(v)])));
        if (passBytes === 1) expect(got.batches).toBe(61);
        if (passBytes === undefined) expect(got.batches).toBe(1);
        expect(got.notes).toEqual(tsNotes);
      }
    }
    // a document twice: null, for forEachRunQuery to name both lines (the CLI's message is below)
    const twice = file('passes-twice.run', `${shuffled.join('\n')}\n${shuffled[3]}\n`);
    expect((await read(twice, false, 500)).notes).toBeNull();
    const out = await cli('--backend', 'native', '-m', 'AP', qrels, twice);
    expect(out.stderr).toMatch(new RegExp(`passes-twice\\.run:${shuffled.length + 1}: document \\S+ appears twice in query \\S+, at lines 4 and ${shuffled.length + 1}`));
    // a bad score on the shuffled file's line 10: found by the first reading, with its line
    const bad = file('passes-bad.run', `${shuffled.map((l, i) => (i === 9 ? l.replace(/ r$/, '').replace(/ \S+$/, ' x r') : l)).join('\n')}\n`);
    expect((await cli('--backend', 'native', '-m', 'AP', qrels, bad)).stderr).toMatch(/passes-bad\.run:10: .*score/);
    // the file rewritten after the first pass
    const changing = file('passes-changing.run', `${shuffled.join('\n')}\n`);
    const native = await readQrelsNative(qrels, new (loadAddon().TrecReader)());
    const changed = readRunNative(changing, native, false, false, 1 << 20, () => writeFileSync(changing, `${shuffled.join('\n').replaceAll(' Q0 d', ' Q0 dx')}\n`), undefined, undefined, 500);
    await expect(changed).rejects.toThrow(FileError);
    await expect(changed).rejects.toThrow(/the run file changed while it was read/);
  });
});
