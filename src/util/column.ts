import { room } from './grown.js';

/**
 * A column of doubles that grows by doubling: values set at any index up to its length (which
 * appends), whole runs copied in at once.
 */
export class Column {
  private data: Float64Array = new Float64Array(64);
  length = 0;

  /** Sets `values[q]` at index `at[q]` for each q: where the indices continue the column one by one (the usual case), one copy. */
  setAt(at: Int32Array, values: Float64Array): void {
    const n = at.length;
    if (n > 0 && at[0] === this.length && at[n - 1] === this.length + n - 1) return this.append(values.subarray(0, n));
    for (let q = 0; q < n; q++) {
      if (at[q]! >= this.length) this.reserve(at[q]! + 1);
      this.data[at[q]!] = values[q]!;
    }
  }

  /**
   * Appends `values`. An empty column takes the array itself (a run read in one chunk copies
   * nothing): the caller hands it over and writes it no more.
   */
  append(values: Float64Array): void {
    if (this.length === 0) {
      this.data = values;
      this.length = values.length;
      return;
    }
    this.reserve(this.length + values.length);
    this.data.set(values, this.length - values.length);
  }

  /** The values, a view valid until the column grows. */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }

  /** Makes the length at least `length` (new values 0). */
  private reserve(length: number): void {
    this.data = room(this.data, length);
    this.length = Math.max(this.length, length);
  }
}
