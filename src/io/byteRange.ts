/** Bytes [start, end) of a file: a part of a run read by one thread (see splitRun). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}
