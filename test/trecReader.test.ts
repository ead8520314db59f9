import { expect, it } from 'vitest';
import { loadAddon } from '../src/addon/addon.js';
import { parseScore } from '../src/io/parseNumber.js';
import { forEachRunQuery as readRun } from '../src/io/forEachRunQuery.js';
import { attachQrelsNative, readQrelsNative, readRunNative } from '../src/io/readTrecNative.js';
import { Info, Problem, type TrecReader } from '../src/addon/trecReader.js';
import { pick, randInt, rng } from '../src/util/random.js';
import { NO_NATIVE } from './backends.js';
import { unless } from './support/skip.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';

// The addon's byte-level reader (native/reader/) against the TypeScript readers (src/io/):
// same values, same messages, on random files with every feature of the format.
const { file } = scratchFiles('reader');

const SCORES = ['3', '-2', '+4', '0.5', '.25', '7.', '1e-4', '7.763e-05', '2E+3', '-0', '1234567890123456789', '0.1000000000000000055511151231257827', '1e400', '-1e-400', 'inf', '-Infinity', 'INF', '12', '12.0', '1.2e1'];

/** A random qrels and run: ids shared and not, CRLF, comments, tabs, extra fields, unjudged and negative labels; `grouped` false shuffles the lines of both. */
function randomFiles(seed: number, grouped: boolean): { qrels: string; run: string } {
  const next = rng(seed);
  const nl = (): string => (next() < 0.1 ? '\r\n' : '\n');
  const sep = (): string => pick(next, [' ', ' ', '\t', '  ']);
  const qrels: string[] = [];
  const run: string[][] = [];
  const queries = randInt(next, 1, 8);
  for (let q = 0; q < queries; q++) {
    const qid = `q${randInt(next, 1, 12)}-${q}`;
    const docs = Array.from({ length: randInt(next, 0, 30) }, (_, i) => `d${i}${pick(next, ['', 'x', 'é'])}`);
    if (next() < 0.85) for (const d of docs) if (next() < 0.6) qrels.push([qid, '0', d, String(randInt(next, -1, 3))].join(sep()));
    if (next() < 0.1) qrels.push(`# comment on ${qid}`, '');
    if (next() < 0.9) {
      run.push(docs.map((d, i) => [qid, 'Q0', d, String(i + 1), pick(next, SCORES), 'run', ...(next() < 0.05 ? ['extra'] : [])].join(sep())));
    }
  }
  const lines = grouped ? run.flat() : run.flat().sort(() => next() - 0.5);
  // not grouped: the qrels too come back to a query after others (one document judged twice stays an error)
  if (!grouped) qrels.sort(() => next() - 0.5);
  if (qrels.length === 0) qrels.push('q0 0 d0 1');
  if (lines.length === 0) lines.push('q0 Q0 d0 1 1 run');
  return { qrels: qrels.map((l) => l + nl()).join(''), run: lines.map((l) => l + nl()).join('') + (next() < 0.5 ? 'q0 Q0 last 9 0 run' : '') };
}

/**
 * A new native reader fed the qrels chunks, then a run's chunks (every call reading them
 * without a problem), its info telling the file size `expected`: its judgements and take().
 */
function readInChunks(qrels: string[], run: string[], tieKeys: boolean, expected = 0): [ReturnType<TrecReader['judgements']>, ReturnType<TrecReader['take']>] {
  const reader = new (loadAddon().TrecReader)();
  const feed = (chunks: string[], call: (chunk: Buffer, info: Float64Array) => number): void => {
    const info = new Float64Array(Info.SIZE);
    info[Info.EXPECTED_BYTES] = expected;
    for (const chunk of chunks) expect(call(Buffer.from(chunk), info)).toBe(Problem.NONE);
  };
  feed(qrels, (chunk, info) => reader.qrels(chunk, info));
  const judgements = reader.judgements();
  reader.startRun(false, tieKeys);
  feed(run, (chunk, info) => reader.run(chunk, info));
  reader.endRun();
  return [judgements, reader.take()];
}

unless(NO_NATIVE).describe('the native reader', () => {
  it('parses every score form as parseScore does (bit for bit)', () => {
    const reader = new (loadAddon().TrecReader)();
    const info = new Float64Array(Info.SIZE);
    expect(reader.qrels(Buffer.from('1 0 a 1\n'), info)).toBe(0);
    const next = rng(7);
    const fields = [...SCORES, ...Array.from({ length: 2000 }, () => `${pick(next, ['', '-', '+'])}${(next() * 10 ** randInt(next, -30, 30)).toPrecision(randInt(next, 1, 20))}`)];
    reader.startRun(false, false);
    expect(reader.run(Buffer.from(fields.map((s, i) => `1 Q0 d${i} ${i} ${s} r\n`).join('')), info)).toBe(0);
    reader.endRun();
    const scores = reader.take()[3];
    expect(Array.from(scores)).toEqual(fields.map((s) => parseScore(Buffer.from(s), 0, s.length)));
  });

  it('gives the TypeScript reader\'s results on 300 random files (grouped and not, -J, -c, -M, average, range and trec with its tie keys)', async () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { qrels, run } = randomFiles(seed, seed % 5 !== 0);
      const q = file(`r${seed}.qrels`, qrels);
      const r = file(`r${seed}.run`, run);
      const ties = seed % 7 === 0 ? ['--ties', 'range'] : seed % 2 === 0 ? ['--ties', 'trec'] : [];
      const flags = [...(seed % 3 === 0 ? ['-J'] : []), ...(seed % 4 === 0 ? ['-c'] : []), ...(seed % 5 === 1 ? ['-M', '4'] : []), ...ties, '--format', 'json', '-m', 'AP,nDCG@5,P@3,RR,relstring.6'];
      // the output names the backend that computed the values; the rest must agree
      const evaluate = async (backend: string): Promise<object> => {
        const out = await cli('--backend', backend, ...flags, q, r);
        return { seed, ...out, stdout: out.stdout.replaceAll(`"backend": "${backend}"`, '').replace(/"backends": \{[^}]*\}/g, '') };
      };
      expect(await evaluate('native')).toEqual(await evaluate('js'));
    }
  });

  it('reads lines cut by the 1 MiB chunks of a 5 MiB file, and a last line without a newline', async () => {
    const lines = Array.from({ length: 150_000 }, (_, i) => `${1 + (i >> 12)} Q0 document-${i} ${i} ${(i * 7919) % 1000} tag`);
    const qrels = file('big.qrels', Array.from({ length: 37 }, (_, q) => `${q + 1} 0 document-${q << 12} 1\n`).join(''));
    const r = file('big.run', lines.join('\n'));
    const native = await cli('--backend', 'native', '-q', '-m', 'AP,RR', qrels, r);
    const ts = await cli('--backend', 'js', '-q', '-m', 'AP,RR', qrels, r);
    expect(native).toEqual(ts);
    expect(native.stdout.split('\n').filter((l) => l.startsWith('AP')).length).toBe(37 + 1);
  });

  it('splits fields at runs of spaces and tabs on lines of every length (16-byte blocks, past 64 bytes) and up to a chunk\'s end, as the TypeScript reader does', async () => {
    const next = rng(64);
    const sep = (): string => pick(next, [' ', '\t', '  ', ' \t', '\t\t ']);
    const edge = (): string => (next() < 0.3 ? sep() : '');
    const word = (n: number): string => Array.from({ length: n }, () => pick(next, [...'abcxyz019-_.'])).join('');
    const docs = Array.from({ length: 60 }, (_, i) => `d${i}${word(randInt(next, 0, 45))}`);
    const qrels = docs.filter(() => next() < 0.7).map((d, i) => edge() + [`q${i % 3}`, '0', d, String(randInt(next, 0, 2))].join(sep()) + edge());
    // fields past the sixth (up to four of them, read as the byte loop reads them: ignored)
    const extra = (): string[] => Array.from({ length: next() < 0.3 ? randInt(next, 1, 4) : 0 }, () => word(randInt(next, 1, 3)));
    const run = [0, 1, 2].flatMap((q) => docs.map((d, i) => edge() + [`q${q}`, 'Q0', d, String(i + 1), pick(next, SCORES), word(randInt(next, 1, 20)), ...extra()].join(sep()) + edge()));
    const lengths = run.map((l) => l.length);
    expect([Math.min(...lengths) < 32, Math.max(...lengths) > 64]).toEqual([true, true]);
    const q = file('split.qrels', qrels.join('\n') + '\n');
    const r = file('split.run', run.join('\n') + '\n');
    const evaluate = async (backend: string, qrelsPath = q, runPath = r): Promise<object> => {
      const out = await cli('--backend', backend, '-q', '--format', 'json', '-m', 'AP,P@5,relstring.10', qrelsPath, runPath);
      return { ...out, stdout: out.stdout.replaceAll(`"backend": "${backend}"`, '').replace(/"backends": \{[^}]*\}/g, '') };
    };
    expect(await evaluate('native')).toEqual(await evaluate('js'));
    // a bad field count at lengths across the blocks: the same message
    for (const at of [3, 17, 41]) {
      const bad = file(`split-bad-${at}.run`, [...run.slice(0, at), run[at]!.trim().split(/[ \t]+/).slice(0, 5).join('\t'), ...run.slice(at + 1)].join('\n'));
      const native = await evaluate('native', q, bad);
      expect(native).toEqual(await evaluate('js', q, bad));
      expect((native as { stderr: string }).stderr).toMatch(new RegExp(`split-bad-${at}\\.run:${at + 1}: .*5`));
    }
    // each line a chunk of its own, ending where the line ends: the values of the whole file
    const take = (chunks: string[]): unknown => readInChunks([qrels.join('\n')], chunks, false)[1].slice(1);
    expect(take(run)).toEqual(take([run.join('\n')]));
  });

  it('reads large qrels queries, queries met again and documents judged twice as the TypeScript reader does', async () => {
    // query 1's 500 documents outgrow the reading index several times; it comes back after query 2
    const judged = (q: number, from: number, to: number): string[] => Array.from({ length: to - from }, (_, i) => `${q} 0 doc-${from + i} ${(from + i) % 4}`);
    const lines = [...judged(1, 0, 500), ...judged(2, 0, 40), ...judged(1, 500, 520), ...judged(3, 0, 3)];
    const run = file('large.run', [1, 2, 3].flatMap((q) => Array.from({ length: 530 }, (_, i) => `${q} Q0 doc-${(i * 37) % 530} ${i + 1} ${i % 9} r`)).join('\n'));
    const cases = {
      ok: lines,
      // twice within a large query read the first time, and twice after it came back
      twiceLarge: [...judged(1, 0, 300), '1 0 doc-150 2', ...judged(2, 0, 3)],
      twiceBack: [...lines, '1 0 doc-7 1'],
    };
    for (const [name, qrels] of Object.entries(cases)) {
      const q = file(`large-${name}.qrels`, qrels.join('\n') + '\n');
      const evaluate = async (backend: string): Promise<object> => {
        const out = await cli('--backend', backend, '-q', '--format', 'json', '-m', 'AP,nDCG@10,P@5', q, run);
        return { ...out, stdout: out.stdout.replaceAll(`"backend": "${backend}"`, '').replace(/"backends": \{[^}]*\}/g, '') };
      };
      const native = await evaluate('native');
      expect(native).toEqual(await evaluate('js'));
      if (name === 'twiceLarge') expect((native as { stderr: string }).stderr).toMatch(/large-twiceLarge\.qrels:301: document doc-150 of query 1 is judged twice, at lines 151 and 301/);
      if (name === 'twiceBack') expect((native as { stderr: string }).stderr).toMatch(/large-twiceBack\.qrels:564: document doc-7 of query 1 is judged twice, at lines 8 and 564/);
    }
  });

  it('hands over finished queries only, however the batches cut the lines', async () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `${1 + Math.floor(i / 777)} Q0 d${i} ${i} ${i % 13} tag`);
    const path = file('batches.run', lines.join('\n'));
    const qrels = file('batches.qrels', '1 0 d5 1\n2 0 d800 2\n');
    const expected: number[][] = [];
    await readRun(path, (q) => expected.push(Array.from(q.scores)));
    for (const batchLines of [1, 500, 1000, 5000]) {
      const got: number[][] = [];
      const native = await readQrelsNative(qrels, new (loadAddon().TrecReader)());
      await readRunNative(path, native, false, false, batchLines, (b) => b.qids.forEach((_, q) => got.push(Array.from(b.scores.subarray(b.offsets[q], b.offsets[q + 1])))));
      expect(got.map((g, q) => (q < 2 ? g : g.length))).toEqual(expected.map((e, q) => (q < 2 ? e : 0)));
    }
  });

  it('reads the same whatever size the caller says the file has (the room it reserves after the first chunk)', () => {
    const { qrels, run } = randomFiles(11, true);
    // chunks of eight lines: the second one reserves
    const eights = (text: string): string[] => {
      const lines = text.split(/(?<=\n)/);
      return Array.from({ length: Math.ceil(lines.length / 8) }, (_, i) => lines.slice(8 * i, 8 * i + 8).join(''));
    };
    const read = (expected: number): unknown[] => readInChunks(eights(qrels), eights(run), true, expected);
    const plain = read(0);
    // past the second chunk of each
    expect([qrels, run].map((text) => text.split('\n').length > 16)).toEqual([true, true]);
    for (const expected of [qrels.length + run.length, 1e6, 1e300, Infinity, NaN, -1]) expect(read(expected)).toEqual(plain);
  });

  it('a bad call throws a TypeError', () => {
    const reader = new (loadAddon().TrecReader)();
    const call = reader as unknown as Record<string, (...a: unknown[]) => unknown>;
    expect(() => call.run!('1 Q0 a 1 1 r\n', new Float64Array(Info.SIZE))).toThrow(TypeError);
    expect(() => call.qrels!(Buffer.from('1 0 a 1\n'), new Float64Array(3))).toThrow(new RegExp(`info must be a Float64Array of ${Info.SIZE} values`));
    expect(() => call.startRun!(1)).toThrow(TypeError);
    expect(() => call.attach!('1')).toThrow(/attach\(token\) takes the number share\(\) gave/);
    expect(() => call.attach!(-1)).toThrow(/no shared judgements live under that token/);
  });

  it('shares frozen judgements: an attached reader reads runs as the owner does, and neither takes qrels lines after', async () => {
    const { TrecReader } = loadAddon();
    const qrels = file('shared.qrels', '1 0 a 1\n1 0 b 0\n2 0 c 2\n2 0 x -1\n');
    const run = file('shared.run', '1 Q0 a 1 3 r\n1 Q0 z 2 2 r\n2 Q0 x 1 5 r\n2 Q0 c 2 4 r\n3 Q0 c 1 1 r\n');
    const owner = await readQrelsNative(qrels, new TrecReader());
    const token = owner.reader.share();
    expect(owner.reader.share()).toBeGreaterThan(token);
    const attached = attachQrelsNative(token, new TrecReader(), 'shared.qrels');
    expect(attached.qids).toEqual(owner.qids);
    const read = async (q: typeof owner): Promise<unknown[]> => {
      const got: unknown[] = [];
      await readRunNative(run, q, false, true, 1000, (b) => got.push([b.qids, [...b.groups], [...b.labels], [...b.ideal], [...b.tieKeys!]]));
      return got;
    };
    expect(await read(attached)).toEqual(await read(owner));
    expect(await read(attached)).toEqual([[['1', '2', '3'], [0, 1, -1], [1, -1, -2, 2], [1, 0, 2, -2], [1, 0, 0, 1]]]);
    for (const reader of [owner.reader, attached.reader]) expect(() => reader.qrels(Buffer.from('4 0 d 1\n'), new Float64Array(Info.SIZE))).toThrow(/the judgements are frozen/);
  });
});
