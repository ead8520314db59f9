/**
 * Counts, per feature of a learning-to-rank set, how much its values tie: the documents whose
 * value equals an earlier one of their query (so, in any ranking by the feature, their
 * predecessor's), and the largest group of equal values in one query. A feature first seen after
 * some queries was 0 in all their rows, so every one of their documents but the first tied.
 * Equal values are found by hashing (no sort): -0 and 0 are one value, as they are one score.
 * @example
 * const counts = new FeatureTies();
 * counts.query(3, 1);
 * counts.count(0, Float64Array.of(2, 1, 2), 0, 3); // feature 1 of a query of three rows
 * counts.of(1) // { tiedPercent: 33.33…, largestGroup: 2 }
 */
export class FeatureTies {
  private tied = new Float64Array(0);
  private largest = new Float64Array(0);
  private rows = 0;
  // what a feature absent so far would count: every query's documents all tied
  private absentTied = 0;
  private absentLargest = 0;
  // an open-addressing table of a column's distinct values; a slot is live when its stamp is the column's
  private keys = new Float64Array(0);
  private counts = new Int32Array(0);
  private stamps = new Int32Array(0);
  private stamp = 0;
  private readonly bits = new Float64Array(1);
  private readonly words = new Uint32Array(this.bits.buffer);

  /** Starts a query of `rows` documents whose file has `features` features so far. */
  query(rows: number, features: number): void {
    if (features > this.tied.length) {
      const tied = new Float64Array(features).fill(this.absentTied);
      const largest = new Float64Array(features).fill(this.absentLargest);
      tied.set(this.tied);
      largest.set(this.largest);
      this.tied = tied;
      this.largest = largest;
    }
    if (2 * rows > this.keys.length) {
      const size = 2 ** Math.ceil(Math.log2(4 * rows));
      this.keys = new Float64Array(size);
      this.counts = new Int32Array(size);
      this.stamps = new Int32Array(size);
      this.stamp = 0;
    }
    this.rows += rows;
    this.absentTied += rows - 1;
    if (rows > this.absentLargest) this.absentLargest = rows;
  }

  /** Counts feature f's (from 0) values in the current query: values[from..to). */
  count(f: number, values: Float64Array, from: number, to: number): void {
    const { keys, counts, stamps, bits, words } = this;
    const mask = keys.length - 1;
    if (this.stamp === 0x7fffffff) {
      stamps.fill(0);
      this.stamp = 0;
    }
    const stamp = ++this.stamp;
    let tied = 0;
    let largest = to > from ? 1 : 0;
    for (let i = from; i < to; i++) {
      const v = values[i]! === 0 ? 0 : values[i]!;
      bits[0] = v;
      let h = Math.imul(words[0]! ^ Math.imul(words[1]!, 0x9e3779b1), 0x85ebca6b);
      h ^= h >>> 15;
      for (let slot = h & mask; ; slot = (slot + 1) & mask) {
        if (stamps[slot] !== stamp) {
          stamps[slot] = stamp;
          keys[slot] = v;
          counts[slot] = 1;
          break;
        }
        if (keys[slot] === v) {
          tied++;
          if (++counts[slot]! > largest) largest = counts[slot]!;
          break;
        }
      }
    }
    this.tied[f] += tied;
    if (largest > this.largest[f]!) this.largest[f] = largest;
  }

  /** Feature f's (from 1) counts over the queries so far. */
  of(feature: number): { tiedPercent: number; largestGroup: number } {
    const f = feature - 1;
    const known = f < this.tied.length;
    return {
      tiedPercent: (100 * (known ? this.tied[f]! : this.absentTied)) / this.rows,
      largestGroup: known ? this.largest[f]! : this.absentLargest,
    };
  }
}
