import { LABEL_RANGE } from '../core/labels.js';
import { FileError } from './fileError.js';
import { latin1ToUtf8 } from './latin1.js';

/** The messages for bad lines of TREC files, shared by the TypeScript readers and the addon's reader. */

/** A run line with fewer than 6 fields at buf[start..end). */
export function runFieldCount(path: string, line: number, count: number, buf: Buffer, start: number, end: number): FileError {
  const hint = count === 4 ? ' (4 fields: this looks like a qrels file; give the qrels first, then the run)' : '';
  return new FileError(path, line, `a run line has 6 fields (qid Q0 docno rank score runid), this one ${count}${hint}`, buf.toString('utf8', start, end));
}

/** A qrels line without 4 fields (`count` is max + 1 when there are more than max). */
export function qrelsFieldCount(path: string, line: number, count: number, buf: Buffer, start: number, end: number): FileError {
  const hint = count === 6 ? ' (6 fields: this looks like a run file; give the qrels first, then the run)' : '';
  return new FileError(path, line, `a qrels line has 4 fields (qid iter docno label), this one ${count > 7 ? 'more' : count}${hint}`, buf.toString('utf8', start, end));
}

export function scoreNotANumber(path: string, line: number, buf: Buffer, start: number, end: number): FileError {
  return new FileError(path, line, 'the score (5th field) is not a number', buf.toString('utf8', start, end));
}

export function labelNotAnInteger(path: string, line: number, buf: Buffer, start: number, end: number): FileError {
  return new FileError(path, line, `the label (4th field) is not ${LABEL_RANGE}`, buf.toString('utf8', start, end));
}

/** A document listed a second time in a run query (ids latin1). */
export function listedTwice(path: string, doc: string, qid: string, first: number, line: number, buf: Buffer, start: number, end: number): FileError {
  return new FileError(path, line, `document ${latin1ToUtf8(doc)} appears twice in query ${latin1ToUtf8(qid)}, at lines ${first} and ${line}`, buf.toString('utf8', start, end));
}

/** A document judged a second time for a qrels query (ids latin1). */
export function judgedTwice(path: string, doc: string, qid: string, first: number, line: number, buf: Buffer, start: number, end: number): FileError {
  return new FileError(path, line, `document ${latin1ToUtf8(doc)} of query ${latin1ToUtf8(qid)} is judged twice, at lines ${first} and ${line}`, buf.toString('utf8', start, end));
}
