import { forEachChunk } from './forEachChunk.js';
import { inputName, type Input } from './input.js';
import { RAW_CHUNKS } from './lineChunks.js';
import { JsonScoresParser } from './jsonScoresParser.js';
import type { ScoreMaps } from './scoreMaps.js';

export type { ScoreMaps } from './scoreMaps.js';

/**
 * Reads a run or qrels in ranx's JSON shape, `{ "q1": { "d1": 1.5, "d2": 0.3 } }`, or as JSON
 * Lines: one such object per line (a query on several lines gathers them). Gzip too; a UTF-8
 * byte-order mark is skipped. Streamed: memory holds the maps, never the file's text, and the
 * queries and documents keep the file's order. `kind` says what the numbers are: `run` scores
 * (any number), `qrels` labels (integers).
 * @throws FileError (file, line, the query and document) for text that is not this shape, a value
 *   that is not a JSON number (NaN and Infinity, which Python writes, are not), a label that is
 *   not an integer, a document given twice for a query, no queries
 */
export async function readJsonScores(input: Input, kind: 'run' | 'qrels'): Promise<ScoreMaps> {
  const parser = new JsonScoresParser(inputName(input), kind);
  // a JSON value may be one line of any length: the chunks as read
  await forEachChunk(input, (chunk) => parser.push(chunk), undefined, undefined, RAW_CHUNKS);
  return parser.finish();
}
