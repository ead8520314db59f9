import { evaluateFeatures, evaluateRuns, readJsonRun, type BackendName } from '../../src/index.js';
import { pick, randInt, rng } from '../../src/util/random.js';

/**
 * A file fuzz case from its seed: generated TREC qrels and a run, or a LETOR or JSON run, then
 * mutated (bytes flipped, inserted or cut; CR, NUL, a byte-order mark, a long line, random bytes;
 * sometimes gzip). TREC files go through both readers (the addon's, under `native`; the
 * TypeScript one, under the others); LETOR and JSON through the TypeScript readers.
 */
export interface FileCase {
  readonly seed: number;
  readonly call: 'trec' | 'letor' | 'json';
  /** the files, for a replay by hand */
  readonly files: Buffer[];
  run(backend: BackendName): Promise<unknown>;
}

function mutate(next: () => number, text: string): Buffer {
  let bytes: Buffer = Buffer.from(text);
  const edits = randInt(next, 0, 4);
  for (let e = 0; e < edits; e++) {
    const at = randInt(next, 0, Math.max(0, bytes.length - 1));
    const what = next();
    const insert = (b: Buffer): Buffer => Buffer.concat([bytes.subarray(0, at), b, bytes.subarray(at)]);
    if (what < 0.2) bytes[at] = randInt(next, 0, 255);
    else if (what < 0.35) bytes = insert(Buffer.from(pick(next, ['\r', '\0', '\t', ' ', '\n', '#', '-', 'e', '.', 'inf', 'nan', '1e999', '99999999999'])));
    else if (what < 0.5) bytes = bytes.subarray(0, at);
    else if (what < 0.6) bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    else if (what < 0.65) bytes = insert(Buffer.alloc(randInt(next, 1, 3) << 20, 0x30));
    else if (what < 0.7) bytes = insert(Buffer.from(Array.from({ length: randInt(next, 1, 64) }, () => randInt(next, 0, 255))));
    else if (what < 0.8) bytes = Buffer.from(bytes.toString().replace(/\n/g, '\r\n'));
  }
  return bytes;
}

export function fileCase(seed: number): FileCase {
  const next = rng(seed ^ 0x5f17e);
  const call = pick(next, ['trec', 'trec', 'letor', 'json'] as const);
  const queries = randInt(next, 1, 4);
  const lines: string[] = [];
  const qrels: string[] = [];
  for (let q = 1; q <= queries; q++) {
    const n = randInt(next, 1, 15);
    for (let i = 0; i < n; i++) {
      const doc = `D${q}-${randInt(next, 0, 30)}-${i}`;
      if (next() < 0.7) qrels.push(`${q} 0 ${doc} ${randInt(next, -1, 3)}`);
      lines.push(`${q} Q0 ${doc} ${i + 1} ${pick(next, [randInt(next, 0, 5), (next() * 10).toFixed(3), '1e-3'])} run`);
    }
  }
  const mutated = (text: string): Buffer => (next() < 0.6 ? mutate(next, text) : Buffer.from(text));
  if (call === 'trec') {
    const q = mutated(`${qrels.join('\n')}\n`);
    const r = mutated(`${lines.join('\n')}\n`);
    const measures = pick(next, [['map', 'P.5', 'ndcg'], ['AP', 'nDCG@10', 'bpref'], ['all_trec']]);
    return {
      seed,
      call,
      files: [q, r],
      run: async (backend) => {
        const { runs } = await evaluateRuns({ name: 'q', data: q }, [{ name: 'r', data: r }], { measures, backend, ties: ['average', 'trec'] });
        return runs.map((x) => ({ queries: x.queries, values: [...x.values].map(([m, v]) => [m, v.map((a) => [...a])]), warnings: x.warnings }));
      },
    };
  }
  if (call === 'letor') {
    const rows = lines.map((l) => {
      const [qid, , , rank] = l.split(' ');
      return `${randInt(next, 0, 4)} qid:${qid} 1:${rank} 2:${randInt(next, 0, 3)}${next() < 0.5 ? ` 3:${(next() * 2).toFixed(2)}` : ''}`;
    });
    const data = mutated(`${rows.join('\n')}\n`);
    return { seed, call, files: [data], run: async (backend) => (await evaluateFeatures({ name: 'l', data }, { backend, measures: ['nDCG@5', 'AP'], blockRows: randInt(next, 1, 40) })).features };
  }
  const json = JSON.stringify(Object.fromEntries(lines.map((l) => l.split(' ')).map(([q, , d, , s]) => [q, { [d!]: Number(s) }])));
  const data = mutated(json);
  return { seed, call, files: [data], run: async () => [...(await readJsonRun({ name: 'j', data }))].map(([q, m]) => [q, [...m]]) };
}
