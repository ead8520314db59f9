import { room } from '../util/grown.js';
import { RangeMax } from '../util/rangeMax.js';

/**
 * Counts, per feature of a learning-to-rank set, how much its values tie: the documents whose
 * value equals an earlier one of their query (so, in any ranking by the feature, their
 * predecessor's), and the largest group of equal values in one query. A query counts only the
 * features its rows give; in the others every value is 0, so all its documents but the first
 * tie: those queries are added when the feature is next counted (the rows per query kept as
 * running sums and a RangeMax), so time and memory follow the features present, not the highest
 * index. Equal values are found by hashing (no sort): -0 and 0 are one value, as they are one score.
 * @example
 * const counts = new FeatureTies();
 * counts.query(3);
 * counts.count(0, Float64Array.of(2, 1, 2), 0, 3); // feature 1 of a query of three rows
 * counts.of(1) // { tiedPercent: 33.33…, largestGroup: 2 }
 */
export class FeatureTies {
  /** per feature counted, its slot plus 1 by feature index (0: none), and per slot: tied documents and largest group so far, and the last query counted */
  private slots = new Int32Array(0);
  private used = 0;
  private tied = new Float64Array(16);
  private largest = new Float64Array(16);
  private last = new Int32Array(16);
  /** absentTied[q]: the documents that tie in queries 0..q-1 where every value is 0 (rows - 1 each) */
  private absentTied = new Float64Array(16);
  /** each query's rows */
  private readonly rowsOf = new RangeMax();
  private rows = 0;
  // an open-addressing table of a column's distinct values; a slot is live when its stamp is the column's
  private keys = new Float64Array(0);
  private counts = new Int32Array(0);
  private stamps = new Int32Array(0);
  private stamp = 0;
  private readonly bits = new Float64Array(1);
  private readonly words = new Uint32Array(this.bits.buffer);

  /** Starts a query of `rows` documents. */
  query(rows: number): void {
    const q = this.rowsOf.length;
    this.absentTied = room(this.absentTied, q + 2);
    this.absentTied[q + 1] = this.absentTied[q]! + rows - 1;
    this.rowsOf.push(rows);
    if (2 * rows > this.keys.length) {
      const size = 2 ** Math.ceil(Math.log2(4 * rows));
      this.keys = new Float64Array(size);
      this.counts = new Int32Array(size);
      this.stamps = new Int32Array(size);
      this.stamp = 0;
    }
    this.rows += rows;
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
    const s = this.slot(f);
    const q = this.rowsOf.length - 1;
    // the queries since the last one counted had no value of f: all 0
    if (this.last[s]! + 1 < q) this.addGap(s, q);
    this.tied[s] += tied;
    if (largest > this.largest[s]!) this.largest[s] = largest;
    this.last[s] = q;
  }

  /** Feature f's (from 1) counts over the queries so far. */
  of(feature: number): { tiedPercent: number; largestGroup: number } {
    const q = this.rowsOf.length;
    const s = feature - 1 < this.slots.length ? this.slots[feature - 1]! - 1 : -1;
    if (s < 0) return { tiedPercent: (100 * this.absentTied[q]!) / this.rows, largestGroup: Math.max(0, this.rowsOf.max(0, q)) };
    this.addGap(s, q);
    this.last[s] = q - 1;
    return { tiedPercent: (100 * this.tied[s]!) / this.rows, largestGroup: this.largest[s]! };
  }

  /** Adds to slot s the queries after its last one counted and before query `q`, all 0 there. */
  private addGap(s: number, q: number): void {
    const after = this.last[s]! + 1;
    this.tied[s] += this.absentTied[q]! - this.absentTied[after]!;
    this.largest[s] = Math.max(this.largest[s]!, this.rowsOf.max(after, q));
  }

  /** Feature f's slot, a new one (no query counted) at its first count. */
  private slot(f: number): number {
    this.slots = room(this.slots, f + 1);
    if (this.slots[f]! > 0) return this.slots[f]! - 1;
    const s = this.used++;
    this.tied = room(this.tied, s + 1);
    this.largest = room(this.largest, s + 1);
    this.last = room(this.last, s + 1);
    this.slots[f] = s + 1;
    this.tied[s] = 0;
    this.largest[s] = 0;
    this.last[s] = -1;
    return s;
  }
}
