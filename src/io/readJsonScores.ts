import { FileError } from './fileError.js';
import { forEachChunk } from './forEachChunk.js';
import { inputName, type Input } from './input.js';

/** Per query id, per document id, a number, in file order. */
export type ScoreMaps = Map<string, Map<string, number>>;

/**
 * Reads a run or qrels in ranx's JSON shape, `{ "q1": { "d1": 1.5, "d2": 0.3 } }`, or as JSON
 * Lines: one such object per line (a query on several lines gathers them). Gzip too; a UTF-8
 * byte-order mark is skipped. `kind` says what the numbers are: `run` scores (any number), `qrels`
 * labels (integers).
 * @throws FileError (file, line where known, the query and document) for text that is not JSON,
 *   a value that is not an object of numbers, a label that is not an integer, a document given
 *   twice for a query, no queries
 */
export async function readJsonScores(input: Input, kind: 'run' | 'qrels'): Promise<ScoreMaps> {
  const path = inputName(input);
  const chunks: Buffer[] = [];
  // one JSON value may be one line of any length
  await forEachChunk(input, (chunk) => chunks.push(Buffer.from(chunk)), undefined, undefined, Infinity);
  // forEachChunk has skipped a byte-order mark
  const text = Buffer.concat(chunks).toString('utf8');
  const maps: ScoreMaps = new Map();
  const lines = text.split('\n');
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch (e) {
    // not one JSON value: JSON Lines, unless its first line is not an object either
    if (lines.filter((l) => l.trim() !== '').length < 2 || !isObjectLine(lines[0]!)) throw new FileError(path, lineAt(text, e as Error), `not JSON: ${(e as Error).message}`);
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (e2) {
        throw new FileError(path, i + 1, `a JSON Lines line holds one object: ${(e2 as Error).message}`, line.slice(0, 200));
      }
      gather(maps, value, kind, path, i + 1);
    });
    whole = undefined;
  }
  if (whole !== undefined) gather(maps, whole, kind, path, 0);
  if (maps.size === 0) throw new FileError(path, 0, `the ${kind} holds no queries`);
  return maps;
}

/** Whether a line parses as a JSON object. */
function isObjectLine(line: string): boolean {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** The line of the position a JSON.parse error names (0 when it names none). */
function lineAt(text: string, error: Error): number {
  const at = /position (\d+)/.exec(error.message);
  if (at === null) return 0;
  let line = 1;
  for (let i = 0; i < Number(at[1]); i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Adds the queries of one parsed object to `maps`, checking their shape. */
function gather(maps: ScoreMaps, value: unknown, kind: 'run' | 'qrels', path: string, line: number): void {
  const fail = (problem: string): never => {
    throw new FileError(path, line, problem);
  };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(`a ${kind} is an object of queries, each an object of documents`);
  for (const [qid, docs] of Object.entries(value as Record<string, unknown>)) {
    if (docs === null || typeof docs !== 'object' || Array.isArray(docs)) fail(`query ${qid}: an object of documents and their ${kind === 'run' ? 'scores' : 'labels'}`);
    let query = maps.get(qid);
    if (query === undefined) maps.set(qid, (query = new Map()));
    for (const [doc, x] of Object.entries(docs as Record<string, unknown>)) {
      if (typeof x !== 'number') fail(`query ${qid}, document ${doc}: the ${kind === 'run' ? 'score' : 'label'} is not a number`);
      if (kind === 'qrels' && !Number.isInteger(x)) fail(`query ${qid}, document ${doc}: the label is not an integer`);
      if (query.has(doc)) fail(`query ${qid}: document ${doc} is given twice`);
      query.set(doc, x as number);
    }
  }
}
