import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FileError, readLetor, type LetorQuery } from '../src/index.js';
import { scratchFiles } from './support/scratchFiles.js';

const { file } = scratchFiles('letor');

interface Read {
  qid: string;
  line: number;
  labels: number[];
  columns: number[][];
}

async function read(text: string | Buffer, sizes?: string): Promise<{ queries: Read[]; notes: { queries: number; rows: number; features: number } }> {
  const queries: Read[] = [];
  const onQuery = (q: LetorQuery): void => {
    const columns = Array.from({ length: q.features }, (_, f) => [...q.values.subarray(f * q.rows, (f + 1) * q.rows)]);
    queries.push({ qid: q.qid, line: q.line, labels: [...q.labels], columns });
  };
  const notes = await readLetor({ name: 'data.txt', data: typeof text === 'string' ? Buffer.from(text) : text }, onQuery, sizes === undefined ? {} : { querySizes: { name: 'data.query', data: Buffer.from(sizes) } });
  return { queries, notes };
}

async function error(text: string, sizes?: string): Promise<string> {
  const e = await read(text, sizes).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(FileError);
  return (e as FileError).message;
}

describe('readLetor', () => {
  it('reads sparse and dense rows, comments, and fills absent features with 0', async () => {
    const text = ['# MSLR-style', '2 qid:10 1:0.5 2:3 3:-1e-2 # docid = a', '0 qid:10 2:7', '', '1\tqid:11  1:4 4:.25', '0 qid:11 1:4 2:0 3:0 4:1'].join('\n');
    const { queries, notes } = await read(text);
    expect(notes).toEqual({ queries: 2, rows: 4, features: 4 });
    expect(queries).toEqual([
      { qid: '10', line: 2, labels: [2, 0], columns: [[0.5, 0], [3, 7], [-0.01, 0]] },
      { qid: '11', line: 5, labels: [1, 0], columns: [[4, 4], [0, 0], [0, 0], [0.25, 1]] },
    ]);
  });

  it('groups rows by a query-size file, with or without qid columns, and reads gzip', async () => {
    const rows = '1 1:1\n0 1:2\n0 1:3\n';
    const { queries } = await read(gzipSync(Buffer.from(rows)), '2\n1\n');
    expect(queries.map((q) => [q.qid, q.labels, q.columns])).toEqual([
      ['1', [1, 0], [[1, 2]]],
      ['2', [0], [[3]]],
    ]);
    const named = await read('1 qid:7 1:1\n0 qid:7 1:2\n0 qid:9 1:3\n', '2\n1\n');
    expect(named.queries.map((q) => q.qid)).toEqual(['7', '9']);
  });

  it('refuses each bad row with file, line and rule', async () => {
    expect(await error('1:0.5 2:3\n')).toMatch(/^data\.txt:1: a row starts with its label/);
    expect(await error('1.5 qid:1 1:0\n')).toMatch(/^data\.txt:1: the label is not an integer/);
    expect(await error('1 qid:1 1:0\n0 1:0\n')).toMatch(/^data\.txt:2: the qid: column is missing/);
    expect(await error('1 1:0\n0 qid:1 1:0\n', '2\n')).toMatch(/^data\.txt:2: a qid: column in a file whose first row has none/);
    expect(await error('1 1:0\n')).toMatch(/^data\.txt:1: a row has no qid: column, and no query-size file/);
    for (const index of ['0', '-1', 'x', '1.5', '+2']) expect(await error(`1 qid:1 ${index}:1\n`)).toMatch(/^data\.txt:1: a feature index is a positive integer/);
    expect(await error('1 qid:1 1:abc\n')).toMatch(/^data\.txt:1: the value of feature 1 is not a number/);
    expect(await error('1 qid:1 1:nan\n')).toMatch(/not a number/);
    expect(await error('1 qid:1 2:1 1:1\n')).toMatch(/^data\.txt:1: feature indices increase along a row: 1 follows 2/);
    expect(await error('1 qid:1 2:1 2:1\n')).toMatch(/increase along a row/);
    expect(await error('1 qid:1 1:1 7\n')).toMatch(/^data\.txt:1: a feature is index:value, this one is 7/);
    expect(await error('1 qid:1 1:1\n0 qid:2 1:1\n0 qid:1 1:1\n')).toMatch(/^data\.txt:3: the rows of query 1 are not contiguous: it started at line 1/);
    expect(await error('1 1:1\n0 1:1\n0 1:1\n', '2\n')).toMatch(/^data\.txt:3: the query sizes account for 2 rows, the file has more/);
    expect(await error('1 1:1\n0 1:1\n', '2\n3\n')).toMatch(/^data\.txt: the query sizes account for 5 rows, the file has 2/);
    expect(await error('1 qid:1 1:1\n0 qid:2 1:1\n', '2\n')).toMatch(/^data\.txt:2: query 1 of the query sizes spans qid 1 and qid 2/);
    expect(await error('1 1:1\n', '1\nzero\n')).toMatch(/^data\.query:2: a query size is a positive integer/);
    expect(await error('1 1:1\n', '0\n')).toMatch(/^data\.query:1: a query size is a positive integer/);
    expect(await error('# nothing\n\n')).toMatch(/^data\.txt: the file holds no rows/);
  });

  it('reads a file by its path', async () => {
    const path = file('train.txt', '3 qid:1 1:1\n');
    const got: string[] = [];
    await readLetor(path, (q) => got.push(`${q.qid}:${q.labels[0]}`));
    expect(got).toEqual(['1:3']);
  });
});
