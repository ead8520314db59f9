/**
 * A sum of doubles rounded once, at the end (Shewchuk's partials, as Python's math.fsum): the
 * double nearest the exact sum, ties to even, whatever the order the terms come in. Summaries
 * use it so that a mean does not hang on the order of the queries (a file's line order, the
 * blocks features streams in, threads). A non-finite term, or a sum past a double's range, makes
 * the value the plain sum, as naive addition would give it.
 * @example
 * const sum = new ExactSum();
 * for (const x of [0.1, 0.2, 0.3]) sum.add(x);
 * sum.value() // 0.6 (naive addition in this order gives 0.6000000000000001)
 */
export class ExactSum {
  /** non-overlapping partial sums, increasing in magnitude, adding up to the exact sum: count of them (a double's range holds about 40) */
  private partials = new Float64Array(8);
  private count = 0;
  /** the plain sum, the value once a term is not finite or a partial overflows */
  private plain = 0;
  private finite = true;

  add(x: number): void {
    this.plain += x;
    if (!this.finite || x === 0) return;
    if (!Number.isFinite(x)) {
      this.finite = false;
      return;
    }
    let p = this.partials;
    let kept = 0;
    for (let j = 0; j < this.count; j++) {
      let y = p[j]!;
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) p[kept++] = lo;
      x = hi;
    }
    if (kept === p.length) {
      p = new Float64Array(2 * p.length);
      p.set(this.partials);
      this.partials = p;
    }
    p[kept] = x;
    this.count = kept + 1;
    if (!Number.isFinite(x)) this.finite = false;
  }

  /** The correctly rounded sum of the terms added (0 for none). */
  value(): number {
    if (!this.finite) return this.plain;
    const p = this.partials;
    let n = this.count;
    if (n === 0) return 0;
    let hi = p[--n]!;
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = p[--n]!;
      hi = x + y;
      lo = y - (hi - x);
      if (lo !== 0) break;
    }
    // the rounding of hi + lo was half-way and the partials below push it the same way: round away
    if (n > 0 && ((lo < 0 && p[n - 1]! < 0) || (lo > 0 && p[n - 1]! > 0))) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
    return hi;
  }

  /** Adds another sum's terms, times `sign` (1 or -1), exactly. */
  addSum(other: ExactSum, sign = 1): this {
    if (!other.finite) {
      this.finite = false;
      this.plain += sign * other.plain;
      return this;
    }
    // the partials add up to the other's exact sum
    for (let j = 0; j < other.count; j++) this.add(sign * other.partials[j]!);
    return this;
  }

  /** Empties the sum, to take another. */
  clear(): void {
    this.count = 0;
    this.plain = 0;
    this.finite = true;
  }

  /** A copy, to go on from the same terms. */
  clone(): ExactSum {
    const copy = new ExactSum();
    copy.partials = this.partials.slice();
    copy.count = this.count;
    copy.plain = this.plain;
    copy.finite = this.finite;
    return copy;
  }
}
