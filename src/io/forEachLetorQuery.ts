import { grown } from '../util/grown.js';
import { inLabelRange, LABEL_RANGE } from '../core/labels.js';
import { fieldEquals, isSkippable } from './fields.js';
import { FileError } from './fileError.js';
import { forEachLine } from './forEachLine.js';
import { inputName, type Input } from './input.js';
import { latin1ToUtf8 } from './latin1.js';
import { parseInteger, parseScore } from './parseNumber.js';

/**
 * One query of a learning-to-rank file, as the reader hands it over: valid only during the call
 * (the reader reuses its memory), so copy what you keep.
 */
export interface LetorQuery {
  /** the `qid:` value, or the query's 1-based number when a query-size file groups the rows */
  readonly qid: string;
  /** the file line of the query's first row */
  readonly line: number;
  /** the rows (documents) */
  readonly rows: number;
  /** each row's label */
  readonly labels: Float64Array;
  /** the highest feature index seen in the file so far (features are numbered from 1) */
  readonly features: number;
  /** column-major: feature f (1-based) of row r is values[(f - 1) * rows + r]; a feature a row lacks is 0 (built when first read) */
  readonly values: Float64Array;
  /** the features as the rows give them: entry e is row rows[e], feature features[e] (from 1), value values[e], for e < length */
  readonly sparse?: { readonly length: number; readonly rows: Int32Array; readonly features: Int32Array; readonly values: Float64Array };
}

/** What the reader counted. */
export interface LetorNotes {
  readonly queries: number;
  readonly rows: number;
  /** the highest feature index of the file */
  readonly features: number;
}

const COLON = 58;
const HASH = 35;

/**
 * Streams a LETOR / SVMlight ranking file (`label qid:ID idx:value ... # comment`; gzip too), handing
 * each query to `onQuery` after its last row. Rows of a query are contiguous; feature indices
 * are positive integers, increasing along a row; a feature a row lacks is 0 (as in SVMlight);
 * labels are integers (negative: unjudged). Without `qid:` columns, `querySizes` (LightGBM's and
 * XGBoost's `.query` file: one row count per line) groups the rows; with both, a group must not
 * span two `qid:` values.
 * @throws FileError (file, line, the rule) for a row without a label, a label that is not an
 *   integer, a `qid:` missing from a row of a file that uses them (or present in one that does
 *   not), a bad feature index or value, indices out of order, rows of a query split by another
 *   query (naming both lines), sizes that do not add up to the rows, an empty file
 */
export async function forEachLetorQuery(input: Input, onQuery: (query: LetorQuery) => void, querySizes?: readonly number[], sizesName = 'query sizes'): Promise<LetorNotes> {
  const path = inputName(input);
  let labels = new Float64Array(256);
  // the current query's features as (row, index, value) triples until it ends
  let rowsOf = new Int32Array(4096);
  let indexOf = new Int32Array(4096);
  let valueOf = new Float64Array(4096);
  let entries = 0;
  let values = new Float64Array(0);
  let rows = 0;
  let width = 0;
  let queries = 0;
  let total = 0;
  let usesQid: boolean | null = null;
  let qid = '';
  let firstLine = 0;
  let sizeAt = 0; // the next group of querySizes
  let groupLeft = 0;
  let groupQid: string | null = null;
  const finished = new Map<string, number>();

  /** The dense columns of the current query. */
  const dense = (): Float64Array => {
    if (values.length < rows * width) values = new Float64Array(Math.max(rows * width, values.length * 2));
    const matrix = values.subarray(0, rows * width);
    matrix.fill(0);
    for (let e = 0; e < entries; e++) matrix[(indexOf[e]! - 1) * rows + rowsOf[e]!] = valueOf[e]!;
    return matrix;
  };
  const flush = (): void => {
    if (rows === 0) return;
    finished.set(qid, firstLine);
    let matrix: Float64Array | undefined;
    onQuery({
      qid: latin1ToUtf8(qid),
      line: firstLine,
      rows,
      labels: labels.subarray(0, rows),
      features: width,
      get values() {
        return (matrix ??= dense());
      },
      sparse: { length: entries, rows: rowsOf, features: indexOf, values: valueOf },
    });
    queries++;
    total += rows;
    rows = 0;
    entries = 0;
  };

  await forEachLine(input, (buf, start, end, line) => {
    if (isSkippable(buf, start, end)) return;
    let i = start;
    // the next token's start (i: its end); a token starting with # starts the comment, the line's end
    const next = (): number => {
      while (i < end && (buf[i] === 32 || buf[i] === 9)) i++;
      if (buf[i] === HASH) end = i;
      const from = i;
      while (i < end && buf[i] !== 32 && buf[i] !== 9) i++;
      return from;
    };
    const text = (): string => buf.toString('utf8', start, end);
    const labelStart = next();
    const label = parseInteger(buf, labelStart, i);
    if (!inLabelRange(label)) {
      const colon = buf.indexOf(COLON, labelStart);
      const what = colon >= 0 && colon < i ? 'a row starts with its label, this one with a feature' : `the label is not ${LABEL_RANGE}`;
      throw new FileError(path, line, what, text());
    }
    let tokenStart = next();
    const hasQid = i - tokenStart > 4 && buf[tokenStart] === 113 && buf[tokenStart + 1] === 105 && buf[tokenStart + 2] === 100 && buf[tokenStart + 3] === COLON;
    if (usesQid === null) usesQid = hasQid;
    if (hasQid !== usesQid) {
      throw new FileError(path, line, hasQid ? 'a qid: column in a file whose first row has none' : 'the qid: column is missing (the file\'s first row has one)', text());
    }
    if (querySizes !== undefined) {
      if (groupLeft === 0) {
        if (sizeAt === querySizes.length) throw new FileError(path, line, `the ${sizesName} account for ${total + rows} rows, the file has more`, text());
        flush();
        groupLeft = querySizes[sizeAt++]!;
        groupQid = null;
        qid = hasQid ? buf.toString('latin1', tokenStart + 4, i) : String(sizeAt);
        // as without the size file: a query's rows are contiguous
        const earlier = hasQid ? finished.get(qid) : undefined;
        if (earlier !== undefined) throw new FileError(path, line, `the rows of query ${latin1ToUtf8(qid)} are not contiguous: it started at line ${earlier}, another query came between`, text());
        firstLine = line;
      }
      groupLeft--;
      if (hasQid) {
        const own = buf.toString('latin1', tokenStart + 4, i);
        if (groupQid !== null && own !== groupQid) throw new FileError(path, line, `query ${sizeAt} of the ${sizesName} spans qid ${groupQid} and qid ${own}`, text());
        groupQid = own;
      }
    } else {
      if (!hasQid) throw new FileError(path, line, 'a row has no qid: column, and no query-size file groups the rows', text());
      if (rows === 0 || !fieldEquals(buf, tokenStart + 4, i, qid)) {
        const rowQid = buf.toString('latin1', tokenStart + 4, i);
        const earlier = finished.get(rowQid);
        if (earlier !== undefined) throw new FileError(path, line, `the rows of query ${latin1ToUtf8(rowQid)} are not contiguous: it started at line ${earlier}, another query came between`, text());
        flush();
        qid = rowQid;
        firstLine = line;
      }
    }
    if (hasQid) tokenStart = next();
    if (rows === labels.length) labels = grown(labels, rows * 2);
    labels[rows] = label;
    let last = 0;
    for (; tokenStart < i; tokenStart = next()) {
      // the index's digits up to the colon, read in place (the hot loop of a dense file)
      let colon = tokenStart;
      let index = 0;
      for (let c = buf[colon]! - 48; colon < i && c >= 0 && c <= 9; c = buf[++colon]! - 48) index = index * 10 + c;
      if (colon === i || buf[colon] !== COLON || colon === tokenStart || colon - tokenStart > 10 || index < 1 || index > 0x7fffffff) {
        const at = buf.indexOf(COLON, tokenStart);
        if (at < 0 || at >= i) throw new FileError(path, line, `a feature is index:value, this one is ${buf.toString('utf8', tokenStart, i)}`, text());
        throw new FileError(path, line, `a feature index is a positive integer, this one is ${buf.toString('utf8', tokenStart, at)}`, text());
      }
      if (index <= last) throw new FileError(path, line, `feature indices increase along a row: ${index} follows ${last}`, text());
      last = index;
      const value = parseScore(buf, colon + 1, i);
      if (Number.isNaN(value)) throw new FileError(path, line, `the value of feature ${index} is not a number`, text());
      if (entries === valueOf.length) {
        rowsOf = grown(rowsOf, entries * 2);
        indexOf = grown(indexOf, entries * 2);
        valueOf = grown(valueOf, entries * 2);
      }
      rowsOf[entries] = rows;
      indexOf[entries] = index;
      valueOf[entries++] = value;
    }
    if (last > width) width = last;
    rows++;
  });
  if (querySizes !== undefined && (groupLeft > 0 || sizeAt < querySizes.length)) {
    const expected = querySizes.reduce((a, b) => a + b, 0);
    throw new FileError(path, 0, `the ${sizesName} account for ${expected} rows, the file has ${total + rows}`);
  }
  flush();
  if (queries === 0) throw new FileError(path, 0, 'the file holds no rows');
  return { queries, rows: total, features: width };
}
