/**
 * Running moments of a measure's values over tie orderings (every one, or a sample): their mean,
 * their standard deviation, and its standard error (a sampled mean's is ControlledMean's). Sums of powers about the first value (the values
 * of one measure lie close together), added in sample order: the same samples give the same
 * doubles on every backend.
 */
export class SampleMoments {
  count = 0;
  private shift = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;
  private s4 = 0;

  add(x: number): void {
    if (this.count === 0) this.shift = x;
    const d = x - this.shift;
    const d2 = d * d;
    this.s1 += d;
    this.s2 += d2;
    this.s3 += d2 * d;
    this.s4 += d2 * d2;
    this.count++;
  }

  /** The mean of the values. */
  mean(): number {
    return this.shift + this.s1 / this.count;
  }

  /** The values' variance about their mean, divided by the count (the second central moment). */
  private central2(): number {
    const a = this.s1 / this.count;
    return Math.max(0, this.s2 / this.count - a * a);
  }

  /**
   * The standard deviation of the values: of a sample of orderings (`sample`), the sample
   * variance's (n - 1) square root; of every ordering, the population's.
   */
  sd(sample: boolean): number {
    if (this.count < 2) return 0;
    return Math.sqrt(sample ? (this.central2() * this.count) / (this.count - 1) : this.central2());
  }

  /**
   * The standard error of sd(), by the delta method: sqrt((m4 - m2^2) / n) / (2 sd), from the
   * central moments m2 and m4; 0 when every value was the same.
   */
  sdError(): number {
    const m = this.count;
    const a = this.s1 / m;
    const m2 = this.central2();
    if (m < 2 || m2 === 0) return 0;
    const m4 = this.s4 / m - 4 * a * (this.s3 / m) + 6 * a * a * (this.s2 / m) - 3 * a * a * a * a;
    return Math.sqrt(Math.max(0, m4 - m2 * m2) / m) / (2 * Math.sqrt(m2));
  }
}
