import { grown } from '../util/grown.js';
import { hashBytes, IdTable } from './idTable.js';

/**
 * One query of a run, in file line order. Document i is `docs.text(i)`; its score, rank field and
 * file line are `scores[i]`, `ranks[i]` and `lines[i]`. Ids are latin1 (one char per byte: byte
 * order is string order).
 */
export interface RunQuery {
  readonly qid: string;
  readonly docs: IdTable;
  readonly scores: Float64Array;
  /** the rank field of each line (NaN where it is not a number) */
  readonly ranks: Float64Array;
  readonly lines: Float64Array;
}

/** Collects a query's lines into growing typed arrays that are reused from query to query. */
export class RunQueryBuilder {
  qid = '';
  /** the documents, all in group 0 */
  readonly docs = new IdTable();
  private scores = new Float64Array(64);
  private ranks = new Float64Array(64);
  private lines = new Float64Array(64);

  /** Starts over with another query, keeping the memory. */
  reset(qid: string): void {
    this.qid = qid;
    this.docs.clear();
  }

  /**
   * Adds document buf[start..end) with its score, rank field and file line; returns -1, or, when
   * the query already has that document, the file line where it was first listed (nothing is added).
   */
  push(buf: Uint8Array, start: number, end: number, score: number, rank: number, line: number): number {
    const hash = hashBytes(buf, start, end);
    const first = this.docs.find(0, buf, start, end, hash);
    if (first >= 0) return this.lines[first]!;
    const i = this.docs.add(0, buf, start, end, hash);
    if (i === this.scores.length) {
      this.scores = grown(this.scores, 2 * i);
      this.ranks = grown(this.ranks, 2 * i);
      this.lines = grown(this.lines, 2 * i);
    }
    this.scores[i] = score;
    this.ranks[i] = rank;
    this.lines[i] = line;
    return -1;
  }

  /** The query so far; its arrays are views of this builder's memory, valid until the next reset. */
  view(): RunQuery {
    const n = this.docs.size;
    return { qid: this.qid, docs: this.docs, scores: this.scores.subarray(0, n), ranks: this.ranks.subarray(0, n), lines: this.lines.subarray(0, n) };
  }
}

