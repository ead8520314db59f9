import { fieldEquals, isSkippable, splitFields } from './fields.js';
import { FileError } from './fileError.js';
import { forEachLine } from './forEachLine.js';
import { parseInteger } from './parseNumber.js';

/** One query's judgements: document id (latin1, one char per byte) to its index in `labels` and `lines`. */
export interface QueryJudgements {
  readonly index: Map<string, number>;
  readonly labels: number[];
  /** the file line of each judgement */
  readonly lines: number[];
}

/** Judgements by query id (latin1). */
export type Qrels = Map<string, QueryJudgements>;

/**
 * Reads a qrels file, `qid iter docno label` (tabs or spaces, `#` comment lines, CRLF, gzip).
 * Labels are integers; negative means judged as unjudged (trec_eval's rule).
 * @throws FileError (file, line, the line) for a wrong field count (and a run given as qrels),
 *   a label that is not an integer, a document judged twice for a query, an empty file
 */
export async function readQrels(path: string): Promise<Qrels> {
  const qrels: Qrels = new Map();
  const bounds = new Int32Array(16);
  let current: QueryJudgements | undefined;
  let currentId = '';
  await forEachLine(path, (buf, start, end, line) => {
    if (isSkippable(buf, start, end)) return;
    const count = splitFields(buf, start, end, bounds, 7);
    if (count !== 4) {
      const hint = count === 6 ? ' (6 fields: this looks like a run file; give the qrels first, then the run)' : '';
      throw new FileError(path, line, `a qrels line has 4 fields (qid iter docno label), this one ${count > 7 ? 'more' : count}${hint}`, buf.toString('utf8', start, end));
    }
    const label = parseInteger(buf, bounds[6]!, bounds[7]!);
    if (Number.isNaN(label)) throw new FileError(path, line, 'the label (4th field) is not an integer', buf.toString('utf8', start, end));
    if (current === undefined || !fieldEquals(buf, bounds[0]!, bounds[1]!, currentId)) {
      currentId = buf.toString('latin1', bounds[0], bounds[1]);
      current = qrels.get(currentId);
      if (current === undefined) qrels.set(currentId, (current = { index: new Map(), labels: [], lines: [] }));
    }
    const doc = buf.toString('latin1', bounds[4], bounds[5]);
    const first = current.index.get(doc);
    if (first !== undefined) {
      throw new FileError(path, line, `document ${latin1ToUtf8(doc)} of query ${latin1ToUtf8(currentId)} is judged twice, at lines ${current.lines[first]} and ${line}`, buf.toString('utf8', start, end));
    }
    current.index.set(doc, current.labels.length);
    current.labels.push(label);
    current.lines.push(line);
  });
  if (qrels.size === 0) throw new FileError(path, 0, 'the qrels file holds no judgements');
  return qrels;
}

/** A latin1-decoded id (one char per byte) back to its UTF-8 text, for messages and output. */
export function latin1ToUtf8(id: string): string {
  return Buffer.from(id, 'latin1').toString('utf8');
}
