import { FileError } from './fileError.js';

const NEWLINE = 10;

/** The size of the chunks a reader hands over (about: a chunk ends at a line's end). */
export const CHUNK_BYTES = 1 << 20;

/** What a reader hands its chunks of whole lines to. */
export type Handler = (chunk: Buffer) => void;

/** Bytes in memory, in chunks of about CHUNK_BYTES. */
export function bytesChunks(bytes: Uint8Array, handler: Handler, pending: Pending, onBytes?: (bytes: number) => void): void {
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < all.length; at += CHUNK_BYTES) {
    pending.pass(all.subarray(at, at + CHUNK_BYTES), handler);
    onBytes?.(Math.min(all.length, at + CHUNK_BYTES));
  }
}

/** A line longer than this is refused (a TREC or LETOR line is far shorter; a file without line ends is not one of them). */
export const MAX_LINE_BYTES = 1 << 20;

/** A maxLine that asks for the chunks as read, whatever their lines (for a reader of tokens across chunks, as JSON's). */
export const RAW_CHUNKS = 0;

/**
 * The line a chunk cut, as its pieces so far (joined once, when its end comes: joining at each
 * piece would copy a long line again and again), and what the file's lines are checked for.
 * With maxLine RAW_CHUNKS no line is joined: the chunks go on as read.
 */
export class Pending {
  private pieces: Buffer[] = [];
  private length = 0;
  /** bytes handed over before the pending line: where it starts in the file */
  private offset = 0;
  private first = true;
  constructor(
    private readonly name: string,
    private readonly maxLine: number,
  ) {}

  /**
   * Hands the whole lines of `chunk` to the handler, the first one joined with the line the
   * chunk before cut, and keeps the line this chunk cuts (copied: the chunk's memory is reused).
   * The file's first bytes lose a UTF-8 byte-order mark.
   * @throws FileError for a line longer than maxLine or a CR that is not followed by LF
   */
  pass(chunk: Buffer, handler: Handler): void {
    if (this.first) {
      this.first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        chunk = chunk.subarray(3);
        this.offset = 3;
      }
    }
    if (this.maxLine === RAW_CHUNKS) return handler(chunk);
    // a CR must end a CRLF line: a file of bare CRs (classic Mac line ends) would read as one line
    const cr = chunk.indexOf(13);
    if (cr >= 0 && cr + 1 < chunk.length && chunk[cr + 1] !== NEWLINE) {
      throw new FileError(this.name, 0, `a bare CR (carriage return without a line feed) at byte ${this.offset + this.length + cr}: lines must end with LF or CRLF; convert classic Mac line ends first (tr '\\r' '\\n')`);
    }
    let from = 0;
    if (this.length > 0) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) return this.keep(chunk);
      this.keep(chunk.subarray(0, nl));
      this.pieces.push(chunk.subarray(nl, nl + 1));
      handler(Buffer.concat(this.pieces, this.length + 1));
      this.offset += this.length + 1;
      this.pieces = [];
      this.length = 0;
      from = nl + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    if (last >= from) {
      handler(chunk.subarray(from, last + 1));
      this.offset += last + 1 - from;
      from = last + 1;
    }
    if (from < chunk.length) this.keep(chunk.subarray(from));
  }

  /** At the end of the input: hands the last line to the handler when it lacks a newline. */
  finish(handler: Handler): void {
    if (this.length > 0) handler(Buffer.concat(this.pieces, this.length));
  }

  private keep(piece: Buffer): void {
    this.pieces.push(Buffer.from(piece));
    this.length += piece.length;
    if (this.length > this.maxLine) throw new LongLine(this.name, this.offset, `is longer than ${this.maxLine} bytes; it begins ${JSON.stringify(Buffer.concat(this.pieces).toString('utf8', 0, 80))}`);
  }
}


/** A line past maxLine, found at byte `offset` (the readers count no lines: forEachChunk finds its number, see numberingLongLines). */
class LongLine extends FileError {
  constructor(
    file: string,
    readonly offset: number,
    readonly problem: string,
  ) {
    super(file, 0, `the line starting at byte ${offset} ${problem}`);
  }
}

/**
 * Reads with `chunks` (a forEachChunk without its line numbers); a line past maxLine becomes a
 * FileError with its line number: the newlines before its offset, counted in a second reading
 * of the raw chunks on that error's path alone, so that reading counts nothing.
 */
export async function numberingLongLines(chunks: (handler: Handler, onBytes: ((bytes: number) => void) | undefined, maxLine: number) => Promise<void>, handler: Handler, onBytes: ((bytes: number) => void) | undefined, maxLine: number): Promise<void> {
  try {
    await chunks(handler, onBytes, maxLine);
  } catch (e) {
    if (!(e instanceof LongLine)) throw e;
    let seen = 0;
    let lines = 0;
    try {
      await chunks(
        (chunk) => {
          const upto = Math.min(chunk.length, e.offset - seen);
          for (let at = chunk.indexOf(NEWLINE); at >= 0 && at < upto; at = chunk.indexOf(NEWLINE, at + 1)) lines++;
          seen += chunk.length;
          if (seen >= e.offset) throw e;
        },
        undefined,
        RAW_CHUNKS,
      );
    } catch (stop) {
      if (stop !== e) throw stop;
    }
    throw new FileError(e.file, lines + 1, `this line ${e.problem}`);
  }
}
