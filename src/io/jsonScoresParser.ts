import { FileError } from './fileError.js';
import type { ScoreMaps } from './scoreMaps.js';

/** A decoder that refuses invalid UTF-8 (see decode). */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

// what the parser expects next (outside strings and numbers, whitespace is skipped)
const enum Expect {
  /** a query object's `{`, or the end of the file */
  TOP,
  /** a query id, or `}` (an empty object) */
  QUERY_OR_END,
  /** a query id (after a comma) */
  QUERY,
  QUERY_COLON,
  /** the query's `{` */
  DOCS,
  /** a document id, or `}` (a query without documents) */
  DOC_OR_END,
  /** a document id (after a comma) */
  DOC,
  DOC_COLON,
  /** the document's number */
  VALUE,
  /** `,` or `}` after a document's number */
  DOC_NEXT,
  /** `,` or `}` after a query's documents */
  QUERY_NEXT,
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const isSpace = (b: number): boolean => b === 0x20 || b === NEWLINE || b === 0x0d || b === 0x09;
/** A byte that may continue a number, or a letter of NaN / Infinity / true / false / null. */
const isTokenByte = (b: number): boolean => (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2b || b === 0x2e || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a);
const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?$/;

/**
 * A streaming reader of ranx's JSON shape, `{ "q1": { "d1": 1.5, "d2": 0.3 } }`, or of JSON Lines
 * (one such object per line; any whitespace may separate the objects, and a query on several of
 * them gathers its documents). Chunks may cut anything anywhere; memory holds the maps and the
 * token being read, never the file. Queries and documents keep the file's order (JSON.parse
 * would put integer-like keys first). `kind` says what the numbers are: `run` scores (any
 * number), `qrels` labels (integers).
 */
export class JsonScoresParser {
  readonly maps: ScoreMaps = new Map();
  private expect = Expect.TOP;
  private line = 1;
  /** whether the string being read has a byte past ASCII */
  private wide = false;
  /** the line of the current top-level object's `{` */
  private objectLine = 1;
  /** the token being read: a string's raw bytes (escapes undone at its end), or a number's text */
  private pieces: Buffer[] = [];
  private inString = false;
  private escaped = false;
  private inToken = false;
  private tokenLine = 1;
  private query: Map<string, number> | undefined;
  private qid = '';
  private doc = '';

  constructor(
    private readonly path: string,
    private readonly kind: 'run' | 'qrels',
  ) {}

  /** Reads one chunk (valid during the call only: what a token needs of it is copied). */
  push(chunk: Buffer): void {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.inString) {
        i = this.stringBytes(chunk, i);
        continue;
      }
      const b = chunk[i]!;
      if (this.inToken || (this.expect === Expect.VALUE && isTokenByte(b))) {
        // a number: read here where it ends in this chunk (the common case), else its pieces
        const start = i;
        while (i < n && isTokenByte(chunk[i]!)) i++;
        if (!this.inToken) {
          this.inToken = true;
          this.tokenLine = this.line;
          this.pieces = [];
          if (i < n) {
            this.endToken(chunk.toString('latin1', start, i));
            continue;
          }
        }
        this.pieces.push(Buffer.from(chunk.subarray(start, i)));
        if (i < n) this.endToken(Buffer.concat(this.pieces).toString('latin1'));
        continue;
      }
      if (isSpace(b)) {
        if (b === NEWLINE) this.line++;
        i++;
        continue;
      }
      this.byte(b);
      i++;
    }
  }

  /**
   * The maps, once the whole file was pushed.
   * @throws FileError for a file that ends inside an object, or holds no queries
   */
  finish(): ScoreMaps {
    if (this.inToken) this.endToken(Buffer.concat(this.pieces).toString('latin1'));
    if (this.inString || this.expect !== Expect.TOP) this.fail(this.objectLine, `the file ends inside the object that starts on this line (is it cut short?)`);
    if (this.maps.size === 0) this.fail(0, `the ${this.kind} holds no queries`);
    return this.maps;
  }

  private fail(line: number, problem: string): never {
    throw new FileError(this.path, line, problem);
  }

  /** One structural byte (not whitespace, not inside a token). */
  private byte(b: number): void {
    const what = this.kind === 'run' ? 'score' : 'label';
    switch (this.expect) {
      case Expect.TOP:
        if (b !== 0x7b) this.fail(this.line, `a ${this.kind} is an object of queries, each an object of documents and their ${what}s (or one such object per line): found ${show(b)}`);
        this.expect = Expect.QUERY_OR_END;
        this.objectLine = this.line;
        return;
      case Expect.QUERY_OR_END:
      case Expect.QUERY:
        if (b === 0x7d && this.expect === Expect.QUERY_OR_END) {
          this.expect = Expect.TOP;
          return;
        }
        if (b !== QUOTE) this.fail(this.line, `a query id (a string in quotes) was expected: found ${show(b)}`);
        this.startString();
        return;
      case Expect.QUERY_COLON:
        if (b !== 0x3a) this.fail(this.line, `query ${this.qid}: ':' was expected after its id: found ${show(b)}`);
        this.expect = Expect.DOCS;
        return;
      case Expect.DOCS:
        if (b !== 0x7b) this.fail(this.line, `query ${this.qid}: an object of documents and their ${what}s was expected: found ${show(b)}`);
        this.query = this.maps.get(this.qid);
        if (this.query === undefined) this.maps.set(this.qid, (this.query = new Map()));
        this.expect = Expect.DOC_OR_END;
        return;
      case Expect.DOC_OR_END:
      case Expect.DOC:
        if (b === 0x7d && this.expect === Expect.DOC_OR_END) {
          this.expect = Expect.QUERY_NEXT;
          return;
        }
        if (b !== QUOTE) this.fail(this.line, `query ${this.qid}: a document id (a string in quotes) was expected: found ${show(b)}`);
        this.startString();
        return;
      case Expect.DOC_COLON:
        if (b !== 0x3a) this.fail(this.line, `query ${this.qid}, document ${this.doc}: ':' was expected after its id: found ${show(b)}`);
        this.expect = Expect.VALUE;
        return;
      case Expect.VALUE:
        // a number starts in push
        this.fail(this.line, `query ${this.qid}, document ${this.doc}: the ${what} is not a number (found ${show(b)})`);
      case Expect.DOC_NEXT:
        if (b === 0x2c) this.expect = Expect.DOC;
        else if (b === 0x7d) this.expect = Expect.QUERY_NEXT;
        else this.fail(this.line, `query ${this.qid}: ',' or '}' was expected after document ${this.doc}: found ${show(b)}`);
        return;
      case Expect.QUERY_NEXT:
        if (b === 0x2c) this.expect = Expect.QUERY;
        else if (b === 0x7d) this.expect = Expect.TOP;
        else this.fail(this.line, `',' or '}' was expected after query ${this.qid}: found ${show(b)}`);
        return;
    }
  }

  private startString(): void {
    this.inString = true;
    this.escaped = false;
    this.tokenLine = this.line;
    this.pieces = [];
  }

  /** Reads string bytes from `at`; returns where it stopped (past the closing quote, or the chunk's end). */
  private stringBytes(chunk: Buffer, at: number): number {
    let i = at;
    let plain = true; // no escape, no control byte
    for (; i < chunk.length; i++) {
      const b = chunk[i]!;
      if (b >= 0x80) this.wide = true;
      if (this.escaped) this.escaped = false;
      else if (b === BACKSLASH) {
        this.escaped = true;
        plain = false;
      }
      else if (b === QUOTE) break;
      else if (b === NEWLINE) this.fail(this.line, 'a string runs past the end of its line (a missing closing quote?)');
      else if (b < 0x20) plain = false;
    }
    if (i === chunk.length) {
      this.pieces.push(Buffer.from(chunk.subarray(at, i)));
      return i;
    }
    this.inString = false;
    // a string whole in this chunk, without escapes (the common case), is decoded in place
    if (plain && this.pieces.length === 0) this.endString(this.decode(chunk.subarray(at, i)), true);
    else {
      this.pieces.push(chunk.subarray(at, i));
      this.endString(this.decode(Buffer.concat(this.pieces)), false);
    }
    this.wide = false;
    return i + 1;
  }

  /**
   * A string's bytes as text: invalid UTF-8 is an error with its line (decoded leniently, two ids
   * would both read as U+FFFD and merge), as JSON requires UTF-8; ASCII is taken as it is.
   */
  private decode(bytes: Uint8Array): string {
    if (!this.wide) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    try {
      return UTF8.decode(bytes);
    } catch {
      return this.fail(this.tokenLine, 'a string that is not valid UTF-8 (JSON text is UTF-8; the TREC readers take ids as bytes)');
    }
  }

  /** A string's text (escapes still in it unless `plain`): a query id, or a document id. */
  private endString(raw: string, plain: boolean): void {
    let text = raw;
    if (!plain) {
      try {
        text = JSON.parse(`"${raw}"`) as string;
      } catch (e) {
        this.fail(this.tokenLine, `a string that is not valid JSON: ${(e as Error).message}`);
      }
    }
    if (this.expect === Expect.QUERY_OR_END || this.expect === Expect.QUERY) {
      this.qid = text;
      this.expect = Expect.QUERY_COLON;
    } else {
      this.doc = text;
      if (this.query!.has(text)) this.fail(this.tokenLine, `query ${this.qid}: document ${text} is given twice`);
      this.expect = Expect.DOC_COLON;
    }
  }

  /** A document's number (its text), ended by the byte after it. */
  private endToken(text: string): void {
    this.inToken = false;
    const where = `query ${this.qid}, document ${this.doc}`;
    if (text === 'NaN' || text === 'Infinity' || text === '-Infinity') {
      this.fail(this.tokenLine, `${where}: ${text} is not a JSON number (Python's json module writes it for a float ${text === 'NaN' ? 'nan' : 'inf'}); write a number`);
    }
    if (!JSON_NUMBER.test(text)) this.fail(this.tokenLine, `${where}: the ${this.kind === 'run' ? 'score' : 'label'} is not a number: ${text.slice(0, 40)}`);
    const x = Number(text);
    if (this.kind === 'qrels' && !Number.isInteger(x)) this.fail(this.tokenLine, `${where}: the label is not an integer: ${text}`);
    this.query!.set(this.doc, x);
    this.expect = Expect.DOC_NEXT;
  }
}

/** A byte as a message shows it. */
function show(b: number): string {
  return b >= 0x20 && b < 0x7f ? `'${String.fromCharCode(b)}'` : `byte 0x${b.toString(16).padStart(2, '0')}`;
}
