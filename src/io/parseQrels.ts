import { fieldEquals, isSkippable, splitFields } from './fields.js';
import { inLabelRange } from '../core/labels.js';
import { FileError } from './fileError.js';
import { forEachLine } from './forEachLine.js';
import { hashBytes, IdTable } from './idTable.js';
import { inputName, type Input } from './input.js';
import { judgedTwice, labelNotAnInteger, qrelsFieldCount } from './lineProblems.js';
import { parseInteger } from './parseNumber.js';

/** The label of a document the qrels hold unjudged (a negative label): pooled, not judged (trec_eval's RELVALUE_UNJUDGED). */
export const UNJUDGED = -2;

/** One query's judgements. */
export interface QueryJudgements {
  /** the query's number: the group of its documents in `ParsedQrels.docs` */
  readonly group: number;
  /** the labels of its judged documents, in file order */
  readonly labels: number[];
}

/** A qrels file: queries by id (latin1), and every judged document under its query's group. */
export interface ParsedQrels {
  readonly queries: Map<string, QueryJudgements>;
  /** judged document i (latin1 bytes) has label labels[i], from file line lines[i] */
  readonly docs: IdTable;
  readonly labels: number[];
  readonly lines: number[];
}

/**
 * Reads a qrels file, `qid iter docno label` (tabs or spaces, `#` comment lines, CRLF, gzip).
 * Labels are integers; a negative one means held but unjudged, and reads as -2 (UNJUDGED),
 * apart from -1, a document the qrels lack (trec_eval's rule).
 * @throws FileError (file, line, the line) for a wrong field count (and a run given as qrels),
 *   a label that is not an integer, a document judged twice for a query, an empty file
 */
export async function parseQrels(input: Input): Promise<ParsedQrels> {
  const path = inputName(input);
  const qrels: ParsedQrels = { queries: new Map(), docs: new IdTable(), labels: [], lines: [] };
  const bounds = new Int32Array(16);
  let current: QueryJudgements | undefined;
  let currentId = '';
  await forEachLine(input, (buf, start, end, line) => {
    if (isSkippable(buf, start, end)) return;
    const count = splitFields(buf, start, end, bounds, 7);
    if (count !== 4) throw qrelsFieldCount(path, line, count, buf, start, end);
    const read = parseInteger(buf, bounds[6]!, bounds[7]!);
    // a label is a C int, as trec_eval reads it (the addon's reader keeps the same range)
    if (!inLabelRange(read)) throw labelNotAnInteger(path, line, buf, start, end);
    // a negative label: held by the judgements but unjudged, as apart from a document they lack (-1)
    const label = read < 0 ? UNJUDGED : read;
    if (current === undefined || !fieldEquals(buf, bounds[0]!, bounds[1]!, currentId)) {
      currentId = buf.toString('latin1', bounds[0], bounds[1]);
      current = qrels.queries.get(currentId);
      if (current === undefined) qrels.queries.set(currentId, (current = { group: qrels.queries.size, labels: [] }));
    }
    const hash = hashBytes(buf, bounds[4]!, bounds[5]!);
    const first = qrels.docs.find(current.group, buf, bounds[4]!, bounds[5]!, hash);
    if (first >= 0) throw judgedTwice(path, buf.toString('latin1', bounds[4], bounds[5]), currentId, qrels.lines[first]!, line, buf, start, end);
    qrels.docs.add(current.group, buf, bounds[4]!, bounds[5]!, hash);
    qrels.labels.push(label);
    qrels.lines.push(line);
    current.labels.push(label);
  });
  if (qrels.queries.size === 0) throw new FileError(path, 0, 'the qrels file holds no judgements');
  return qrels;
}
