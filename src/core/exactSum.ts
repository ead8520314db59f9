/**
 * Room for the partials of an exact sum: non-overlapping doubles increasing in magnitude, at
 * most one per 53 of the 2,098 binary orders of a double's range, so about 40.
 */
export const PARTIALS_ROOM = 64;

/**
 * Adds x to the exact sum held by partials[0..count) (Shewchuk's algorithm, as Python's
 * math.fsum): returns the new count. x finite; a partial may overflow to ±Infinity (the caller
 * then falls back to the plain sum).
 */
export function addPartial(partials: Float64Array, count: number, x: number): number {
  let kept = 0;
  for (let j = 0; j < count; j++) {
    let y = partials[j]!;
    if (Math.abs(x) < Math.abs(y)) {
      const larger = y;
      y = x;
      x = larger;
    }
    const hi = x + y;
    const lo = y - (hi - x);
    if (lo !== 0) partials[kept++] = lo;
    x = hi;
  }
  partials[kept] = x;
  return kept + 1;
}

/** The double nearest the exact sum of partials[0..count), ties to even (0 for none). */
export function roundPartials(partials: Float64Array, count: number): number {
  let n = count;
  if (n === 0) return 0;
  let hi = partials[--n]!;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n]!;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  // the rounding of hi + lo was half-way and the partials below push it the same way: round away
  if (n > 0 && ((lo < 0 && partials[n - 1]! < 0) || (lo > 0 && partials[n - 1]! > 0))) {
    const y = lo * 2;
    const x = hi + y;
    if (y === x - hi) hi = x;
  }
  return hi;
}

/**
 * A sum of doubles rounded once, at the end (addPartial, roundPartials): the double nearest the
 * exact sum, ties to even, whatever the order the terms come in. Summaries use it so that a mean
 * does not hang on the order of the queries (a file's line order, the blocks features streams
 * in, threads). A non-finite term, or a sum past a double's range, makes the value the plain
 * sum, as naive addition would give it.
 * @example
 * const sum = new ExactSum();
 * for (const x of [0.1, 0.2, 0.3]) sum.add(x);
 * sum.value() // 0.6 (naive addition in this order gives 0.6000000000000001)
 */
export class ExactSum {
  private partials = new Float64Array(PARTIALS_ROOM);
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
    this.count = addPartial(this.partials, this.count, x);
    if (!Number.isFinite(this.partials[this.count - 1]!)) this.finite = false;
  }

  /** The correctly rounded sum of the terms added (0 for none). */
  value(): number {
    return this.finite ? roundPartials(this.partials, this.count) : this.plain;
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
    copy.partials.set(this.partials.subarray(0, this.count));
    copy.count = this.count;
    copy.plain = this.plain;
    copy.finite = this.finite;
    return copy;
  }
}
