import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEASURES, evaluateRun, evaluateRuns, FileError, InputError, readJsonQrels, readJsonRun, type TieMode } from '../src/index.js';
import { JsonScoresParser } from '../src/io/jsonScoresParser.js';
import { pick, randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';
import { scratchFiles } from './support/scratchFiles.js';

const { file } = scratchFiles('json');

/** A TREC file as { qid: { doc: value } }, the value from field `field`. */
function nested(path: string, doc: number, field: number): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 4) continue;
    (out[f[0]!] ??= {})[f[doc]!] = Number(f[field]);
  }
  return out;
}
const qrels = nested('examples/qrels.txt', 2, 3);
const run = nested('examples/run.txt', 2, 4);
const measures = [...DEFAULT_MEASURES, 'bpref', 'infAP', 'P_5', 'ndcg_cut_10'];

describe('evaluateRun (objects and Maps)', () => {
  for (const { name, options } of BACKENDS) {
    for (const ties of ['average', 'trec', 'pessimistic'] as TieMode[]) {
      for (const allQueries of [false, true]) {
        it(`equals evaluateRuns on the same TREC files (${name}, ${ties}${allQueries ? ', all queries' : ''})`, async () => {
          const partial = { ...run };
          delete partial.q2;
          const path = file(`run-${name}-${ties}-${allQueries}.txt`, Object.entries(partial).flatMap(([q, docs]) => Object.entries(docs).map(([d, s], i) => `${q} Q0 ${d} ${i + 1} ${s} r`)).join('\n'));
          const files = await evaluateRuns('examples/qrels.txt', [path], { measures, ties, allQueries, backend: options.backend ?? 'auto' });
          const objects = evaluateRun(qrels, partial, measures, { ...options, ties, allQueries });
          const maps = evaluateRun(new Map(Object.entries(qrels).map(([q, d]) => [q, new Map(Object.entries(d))])), new Map(Object.entries(partial)), measures, { ...options, ties, allQueries });
          const r = files.runs[0]!;
          expect(objects.queries).toEqual(r.queries);
          expect(maps.queries).toEqual(r.queries);
          measures.forEach((m, i) => {
            const expected = [...r.values.get(ties)![r.names.indexOf(files.measures[i]!.name)]!];
            expect([...objects.perQuery[m]!]).toEqual(expected);
            expect([...maps.perQuery[m]!]).toEqual(expected);
          });
          expect(objects.ignored).toEqual([]);
        });
      }
    }
  }

  it('gives the documented example values', () => {
    // a and b tie: a is first or second, each in half the orderings
    expect(evaluateRun({ q1: { a: 1, b: 0 } }, { q1: { a: 1.5, b: 1.5 } }, ['P@1', 'AP']).mean).toEqual({ 'P@1': 0.5, AP: 0.75 });
  });

  it('leaves out the queries the qrels lack, and says which', () => {
    const got = evaluateRun({ q1: { a: 1, b: 0 } }, { q1: { a: 1, b: 1 }, q9: { a: 3 } }, ['P@1']);
    expect(got.queries).toEqual(['q1']);
    expect(got.ignored).toEqual(['q9']);
    expect(got.mean['P@1']).toBe(0.5);
    // queries are own enumerable keys (inherited ones are not queries); the ignored come in the run's order
    const qrels = Object.assign(Object.create({ q5: { a: 1 } }) as Record<string, Record<string, number>>, { q1: { a: 1, b: 0 } });
    const run = Object.assign(Object.create({ q1: { b: 9 }, q7: { a: 1 } }) as Record<string, Record<string, number>>, { q9: { a: 3 }, q1: { a: 1, b: 1 }, q3: { a: 1 } });
    for (const allQueries of [false, true]) {
      const some = evaluateRun(qrels, run, ['P@1'], { allQueries });
      expect([some.queries, some.ignored, some.mean['P@1']]).toEqual([['q1'], ['q9', 'q3'], 0.5]);
    }
    expect(() => evaluateRun(qrels, { q8: { a: 1 }, q9: { a: 1 } }, ['P@1'])).toThrow("none of the run's 2 queries is in the qrels");
  });

  it("takes a label only from the qrels' own enumerable entries, whatever the ids (prototype names, getters, a nested call)", () => {
    // ids that name Object.prototype's members, a hidden entry and an inherited number: none judged
    const hidden = Object.defineProperty({ a: 1 } as Record<string, number>, 'h', { value: 3, enumerable: false });
    const inherited = Object.assign(Object.create({ i: 2 }) as Record<string, number>, { a: 1 });
    // JSON.parse makes __proto__ an own key, as a run read from JSON has it
    const ranked = JSON.parse('{"q1": {"constructor": 5, "__proto__": 4, "toString": 3, "h": 2, "i": 1.5, "a": 1}}') as Record<string, Record<string, number>>;
    // P@6 counts a alone among 6 results; R@6 = 1 (one relevant); with a judged h or i, P@6 would be 2/6
    for (const judged of [hidden, inherited]) {
      const r = evaluateRun({ q1: judged }, ranked, ['P@6', 'R@6', 'num_rel_ret'], { ties: 'trec' });
      expect(r.mean).toEqual({ 'P@6': 1 / 6, 'R@6': 1, num_rel_ret: 1 });
    }
    // the same run as a Map of Maps gives the same
    const asMap = new Map([['q1', new Map(Object.entries(ranked.q1!))]]);
    expect(evaluateRun(new Map([['q1', new Map([['a', 1]])]]), asMap, ['P@6']).mean['P@6']).toBe(1 / 6);
    // a getter that evaluates another run while this one is read: both right
    let inner = Number.NaN;
    const outer = { q1: { a: 2, b: 1 } };
    Object.defineProperty(outer.q1, 'c', { enumerable: true, get: () => ((inner = evaluateRun({ q1: { x: 1 } }, { q1: { x: 1, y: 2 } }, ['RR']).mean.RR!), 3) });
    expect(evaluateRun({ q1: { b: 1, c: 1 } }, outer, ['AP', 'RR'], { ties: 'trec' }).mean).toEqual({ AP: (1 / 1 + 2 / 3) / 2, RR: 1 });
    expect(inner).toBe(0.5);
    // a label read twice that changes: an error, not a label the checks did not see
    let reads = 0;
    const changing = Object.defineProperty({} as Record<string, number>, 'a', { enumerable: true, get: () => (reads++ === 0 ? 1 : 2.5) });
    expect(() => evaluateRun({ q1: changing }, { q1: { a: 1 } }, ['AP'])).toThrow(/qrels: query q1, document a: the label changed while it was read \(2\.5\)/);
  });

  it('refuses bad values, naming query and document', () => {
    expect(() => evaluateRun({ q1: { a: 1.5 } }, { q1: { a: 1 } }, ['AP'])).toThrow(/qrels: query q1, document a: the label is not an integer/);
    expect(() => evaluateRun({ q1: { a: 1 } }, { q1: { a: Number.NaN } }, ['AP'])).toThrow(/run: query q1, document a: the score is not a number/);
    // the first bad document in the order given, whether its value is a number or not, objects and Maps alike
    for (const shape of [(o: Record<string, unknown>) => o, (o: Record<string, unknown>) => new Map(Object.entries(o))]) {
      const q = (docs: Record<string, unknown>) => ({ q1: shape(docs) }) as never;
      expect(() => evaluateRun(q({ a: 1, b: 2.5, c: 'x' }), q({ a: 1 }), ['AP'])).toThrow(/document b: the label is not an integer .* \(2\.5\)/);
      expect(() => evaluateRun(q({ a: 1, b: null, c: 2.5 }), q({ a: 1 }), ['AP'])).toThrow(/document b: the label is not an integer .* \(null\)/);
      expect(() => evaluateRun(q({ a: 1 }), q({ a: 1, b: Number.NaN, c: '2' }), ['AP'])).toThrow(/run: query q1, document b: the score is not a number \(NaN\)/);
      expect(() => evaluateRun(q({ a: 1 }), q({ a: 1, b: '2', c: Number.NaN }), ['AP'])).toThrow(/run: query q1, document b: the score is not a number \(2\)/);
    }
    expect(() => evaluateRun({ q1: { a: 1 } }, { q2: { a: 1 } }, ['AP'])).toThrow(InputError);
    expect(() => evaluateRun({ q1: 3 } as never, { q1: { a: 1 } }, ['AP'])).toThrow(/qrels: query q1 must be an object or a Map/);
  });
});

describe('readJsonRun and readJsonQrels', () => {
  it('read ranx JSON, JSON Lines and gzip into Maps that evaluateRun takes', async () => {
    const json = file('run.json', JSON.stringify(run, null, 2));
    const lines = file('run.jsonl', `${Object.entries(run).map(([q, d]) => JSON.stringify({ [q]: d })).join('\n')}\n`);
    const gz = file('qrels.json.gz', gzipSync(Buffer.from(`\uFEFF${JSON.stringify(qrels)}`)));
    const fromJson = await readJsonRun(json);
    const fromLines = await readJsonRun(lines);
    const q = await readJsonQrels(gz);
    expect([...fromJson.keys()]).toEqual(Object.keys(run));
    expect(Object.fromEntries([...fromLines].map(([k, v]) => [k, Object.fromEntries(v)]))).toEqual(run);
    expect(evaluateRun(q, fromJson, ['AP']).mean).toEqual(evaluateRun(qrels, run, ['AP']).mean);
  });

  it('refuse bad files with file, line and rule', async () => {
    const fail = async (text: string, read = readJsonRun): Promise<string> => {
      const e = await read({ name: 'x.json', data: Buffer.from(text) }).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(FileError);
      return (e as FileError).message;
    };
    expect(await fail('{"q1": {"a": 1}}\n{"q2": {"b": "x"}}\n')).toMatch(/^x\.json:2: query q2, document b: the score is not a number/);
    expect(await fail('{"q1": {"a": 1}}\n{"q2": \n')).toMatch(/^x\.json:2: the file ends inside the object that starts on this line/);
    expect(await fail('{"q1": {"a": 1}}\n{"q1": {"a": 2}}\n')).toMatch(/^x\.json:2: query q1: document a is given twice/);
    expect(await fail('{\n  "q1": {"a": 1},\n  "q2": [1]\n}')).toMatch(/^x\.json:3: query q2: an object of documents and their scores was expected: found '\['/);
    expect(await fail('{\n  "q1": {"a": 1}\n  "q2": {}\n}')).toMatch(/^x\.json:3: ',' or '}' was expected after query q1: found '"'/);
    expect(await fail('{"q1": {"a": 1.5}}', readJsonQrels)).toMatch(/query q1, document a: the label is not an integer/);
    expect(await fail('{}')).toMatch(/holds no queries/);
  });
});

describe('the streaming JSON reader against JSON.parse', () => {
  it('reads 2,000 random files as JSON.parse reads them (ids with escapes, unicode and digits, every number form, any whitespace, cut into random chunks), and refuses what JSON.parse refuses', () => {
    const next = rng(0x150a);
    const id = (): string => {
      const parts = ['d', 'q', '10', '2', '0', 'é', '漢', '😀', ' ', '"', '\\', '\n', '\t', '\u0001', '/', 'constructor', '__proto__', '-'];
      return Array.from({ length: randInt(next, 1, 4) }, () => pick(next, parts)).join('');
    };
    const num = (): number => pick(next, [0, -0, 1, -3, 0.5, 1e-7, 123456789, 1.5e300, -2.25e-10, randInt(next, -9, 9)]);
    const space = (): string => pick(next, ['', ' ', '\n', '\t', ' \r\n  ']);
    let refused = 0;
    let compared = 0;
    for (let trial = 0; trial < 2000; trial++) {
      // each number as one of the forms it may be written in, and its value as JSON reads that
      const written = (): [string, number] => {
        const x = num();
        const form = pick(next, [JSON.stringify(x), String(x), x.toExponential()]);
        return [form, JSON.parse(form) as number];
      };
      const queries = Array.from({ length: randInt(next, 1, 4) }, () => [id(), Array.from({ length: randInt(next, 0, 4) }, () => [id(), ...written()] as const)] as const);
      const object = (qs: typeof queries): string =>
        `${space()}{${qs.map(([q, docs]) => `${space()}${JSON.stringify(q)}${space()}:${space()}{${docs.map(([d, form]) => `${space()}${JSON.stringify(d)}${space()}:${space()}${form}${space()}`).join(',')}}${space()}`).join(',')}}${space()}`;
      let text = object(queries);
      // a mutation now and then: JSON.parse must refuse it, and so must the reader
      if (next() < 0.2) {
        const at = randInt(next, 0, text.length - 1);
        text = text.slice(0, at) + pick(next, ['', ',', '}', '{', '"', 'x', 'NaN', ':']) + text.slice(at + 1);
      }
      let want: Map<string, Map<string, number>> | Error;
      try {
        const parsed = JSON.parse(text) as unknown;
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        want = new Map();
        for (const [q, docs] of queries) {
          // duplicate ids: the reader refuses a document given twice, JSON.parse keeps the last
          if (new Set(docs.map(([d]) => d)).size !== docs.length) throw new Error('duplicate');
          const m = want.get(q) ?? new Map<string, number>();
          for (const [d, , x] of docs) {
            if (m.has(d)) throw new Error('duplicate');
            m.set(d, x);
          }
          want.set(q, m);
        }
        if (JSON.stringify(parsed) !== JSON.stringify(Object.fromEntries([...want].map(([q, m]) => [q, Object.fromEntries(m)])))) throw new Error('mutated but valid');
        if (want.size === 0) throw new Error('empty');
      } catch (e) {
        want = e as Error;
      }
      const bytes = Buffer.from(text);
      const parser = new JsonScoresParser('x', 'run');
      let got: Map<string, Map<string, number>> | Error;
      try {
        for (let at = 0; at < bytes.length; ) {
          const size = randInt(next, 1, 40);
          parser.push(bytes.subarray(at, at + size));
          at += size;
        }
        got = parser.finish();
      } catch (e) {
        got = e as Error;
      }
      if (want instanceof Error) {
        // a mutation JSON.parse still reads may keep the shape: only a valid reading is compared
        if (want.message === 'mutated but valid') continue;
        if (!(got instanceof Error)) expect.fail(`trial ${trial}: the reader read ${JSON.stringify(text)}, which is refused (${want.message})`);
        expect(got).toBeInstanceOf(FileError);
        refused++;
        continue;
      }
      if (got instanceof Error) expect.fail(`trial ${trial}: ${got.message} on ${JSON.stringify(text)}`);
      expect([...got].map(([q, m]) => [q, [...m]])).toEqual([...want].map(([q, m]) => [q, [...m]]));
      compared++;
    }
    expect(refused).toBeGreaterThan(100);
    expect(compared).toBeGreaterThan(1000);
  });
});
