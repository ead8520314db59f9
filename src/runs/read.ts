import type { BackendChoice } from '../backends/backend.js';
import { forEachLetorQuery, type LetorNotes, type LetorQuery } from '../io/forEachLetorQuery.js';
import { forEachRunQuery, type RunNotes, type RunQuery } from '../io/forEachRunQuery.js';
import { readJsonScores, type ScoreMaps } from '../io/readJsonScores.js';
import { readQuerySizes } from '../io/readQuerySizes.js';
import { FileError } from '../io/fileError.js';
import { inputName } from '../io/input.js';
import { readQrelsSource, type QrelsSource } from './qrelsSource.js';
import { parseDiversityQrels } from '../diversity/parseDiversityQrels.js';
import type { DiversityQrels } from '../diversity/judgements.js';
import { toInput, type Source } from './source.js';

/** Qrels read for evaluating runs (see readQrels). */
export type Qrels = QrelsSource;

/**
 * Reads a qrels file, `qid iter docno label` (tabs or spaces, `#` comment lines, CRLF, gzip;
 * labels are integers, negative meaning unjudged), with the addon's byte-level reader when the
 * native backend serves, for evaluateRuns (give the same object for many runs).
 * @param options `backend` (default `auto`); `name` for messages when the source is not a path
 * @throws FileError (file, line, the line) for a wrong field count (and a run given as qrels),
 *   a label that is not an integer, a document judged twice for a query, an empty file
 */
export async function readQrels(source: Source, options: { readonly backend?: BackendChoice; readonly name?: string } = {}): Promise<Qrels> {
  return readQrelsSource(await toInput(source, options.name ?? 'qrels'), options.backend ?? 'auto');
}

/**
 * Reads TREC diversity qrels, `topic subtopic docno judgment` (see parseDiversityQrels: as
 * ndeval reads them), for evaluateDiversity.
 * @param options `name` for messages when the source is not a path
 * @throws FileError (file, line, the line) for a bad line, a document judged twice for one subtopic, an empty file
 * @example
 * const qrels = await readDiversityQrels(Buffer.from('1 1 a 1\n1 2 b 1\n1 2 a 0\n'));
 * qrels.get('1')!.subtopics // 2
 */
export async function readDiversityQrels(source: Source, options: { readonly name?: string } = {}): Promise<DiversityQrels> {
  return parseDiversityQrels(await toInput(source, options.name ?? 'qrels'));
}

/**
 * Streams a run file, `qid Q0 docno rank score runid` (tabs or spaces, `#` comment lines, CRLF,
 * gzip; fields past the sixth ignored, as trec_eval does), handing each query to `onQuery` when
 * its last line has been read. A run not grouped by query (a query met again after another) is
 * read again and held whole: the queries handed before that was found are handed again, after
 * `options.onRestart()`, which should forget them. The query lives in memory the reader reuses:
 * read what you need before returning.
 * @returns the run id and what the reader noticed (lines whose score rises with their rank)
 * @throws FileError (file, line, the line) for fewer than 6 fields, a score that is not a
 *   number, a document listed twice in a query, an empty file; for a run not grouped by query
 *   when there is no `onRestart`
 * @example
 * await readRun('run.txt', (q) => console.log(q.qid, q.scores.length))
 */
export async function readRun(source: Source, onQuery: (query: RunQuery) => void, options: { readonly name?: string; readonly onBytes?: (bytes: number) => void; readonly onRestart?: () => void } = {}): Promise<RunNotes> {
  const input = await toInput(source, options.name ?? 'run');
  let restarted = false;
  return forEachRunQuery(
    input,
    (query, notes) => {
      if (notes.ungrouped && !restarted) {
        restarted = true;
        if (options.onRestart === undefined) throw new FileError(inputName(input), 0, 'the run is not grouped by query (a query is met again after another), and its first queries were handed over already: give readRun an onRestart to be handed them again, or sort the run by query');
        options.onRestart();
      }
      onQuery(query);
    },
    options.onBytes,
  );
}

/**
 * Streams a learning-to-rank file in the LETOR / SVMlight format (`label qid:ID idx:value ... #
 * comment`, as MSLR-WEB, Yahoo LTR and istella ship; sparse or dense rows; gzip), handing each
 * query to `onQuery` after its last row, with its labels and its features as columns (a feature a
 * row lacks is 0). Rows of a query must be contiguous. `querySizes` (a LightGBM / XGBoost
 * `.query` file: one row count per line) groups the rows of a file without `qid:` columns.
 * The query lives in memory the reader reuses: copy what you keep.
 * @returns the counts of queries, rows and features
 * @throws FileError (file, line, the rule) for a row without a label, a label that is not an
 *   integer, a missing `qid:`, a feature index that is not a positive integer or does not
 *   increase, a value that is not a number, rows of a query split apart (naming both lines),
 *   sizes that do not add up to the rows, an empty file
 * @example
 * await readLetor('train.txt', (q) => console.log(q.qid, q.rows, q.values[0]))
 */
export async function readLetor(source: Source, onQuery: (query: LetorQuery) => void, options: { readonly querySizes?: Source; readonly name?: string } = {}): Promise<LetorNotes> {
  const sizes = options.querySizes === undefined ? undefined : await readQuerySizes(await toInput(options.querySizes, 'query sizes'));
  return forEachLetorQuery(await toInput(source, options.name ?? 'data'), onQuery, sizes, typeof options.querySizes === 'string' ? options.querySizes : 'query sizes');
}

/**
 * Reads a run in ranx's JSON shape, `{ "q1": { "d1": 1.5 } }`, or as JSON Lines (one such object
 * per line); gzip too. The result goes to evaluateRun as it is.
 * @returns per query, per document, its score (file order)
 * @throws FileError for text that is not JSON, a wrong shape, a score that is not a number, a document given twice
 */
export async function readJsonRun(source: Source, options: { readonly name?: string } = {}): Promise<ScoreMaps> {
  return readJsonScores(await toInput(source, options.name ?? 'run'), 'run');
}

/**
 * Reads qrels in ranx's JSON shape, `{ "q1": { "d1": 2 } }`, or as JSON Lines; labels are integers.
 * @returns per query, per document, its label (file order)
 * @throws FileError as readJsonRun, and for a label that is not an integer
 */
export async function readJsonQrels(source: Source, options: { readonly name?: string } = {}): Promise<ScoreMaps> {
  return readJsonScores(await toInput(source, options.name ?? 'qrels'), 'qrels');
}
