/**
 * A mean over sampled tie orderings with control variates: measures sampled on the same
 * orderings whose exact averages are known (the kernels' closed forms), so that the part of the
 * measure's sampling error they explain is taken out. With controls c (p of them, exact means
 * mu), the estimate is mean(x) - b . (mean(c) - mu), b the least-squares slope of x on c, and its
 * standard error sqrt(s^2 / m), s^2 the residual variance over m - 1 - p. A control that does
 * not vary, or that the others explain, is left out (its slope 0). Sums of products about the
 * first sample, added in sample order: the same samples give the same doubles everywhere.
 */
export class ControlledMean {
  count = 0;
  private readonly p: number;
  private readonly shift: Float64Array;
  /** sums of the deviations: x first, then each control */
  private readonly sums: Float64Array;
  /** sums of products of deviations, (p + 1) x (p + 1), row-major, x first */
  private readonly products: Float64Array;

  constructor(controls: number) {
    this.p = controls;
    this.shift = new Float64Array(controls + 1);
    this.sums = new Float64Array(controls + 1);
    this.products = new Float64Array((controls + 1) * (controls + 1));
  }

  /** Adds a sample: the measure's value, and the controls' values on the same ordering. */
  add(x: number, controls: ArrayLike<number>): void {
    const d = this.sums.length;
    if (this.count === 0) {
      this.shift[0] = x;
      for (let j = 0; j < this.p; j++) this.shift[j + 1] = controls[j]!;
    }
    const dev = new Float64Array(d);
    dev[0] = x - this.shift[0]!;
    for (let j = 0; j < this.p; j++) dev[j + 1] = controls[j]! - this.shift[j + 1]!;
    for (let a = 0; a < d; a++) {
      this.sums[a] = this.sums[a]! + dev[a]!;
      for (let b = 0; b < d; b++) this.products[a * d + b] = this.products[a * d + b]! + dev[a]! * dev[b]!;
    }
    this.count++;
  }

  /** The estimate and its standard error, given the controls' exact means (mean and error 0 for no sample, the error 0 for one). */
  result(exact: ArrayLike<number>): { mean: number; error: number } {
    const m = this.count;
    const d = this.sums.length;
    if (m === 0) return { mean: NaN, error: 0 };
    // centred cross products: C[a][b] = sum dev_a dev_b - sum dev_a sum dev_b / m
    const c = (a: number, b: number): number => this.products[a * d + b]! - (this.sums[a]! * this.sums[b]!) / m;
    const slope = this.slope(c, m);
    let mean = this.shift[0]! + this.sums[0]! / m;
    let residual = c(0, 0);
    let used = 0;
    for (let j = 0; j < this.p; j++) {
      if (slope[j] === 0) continue;
      used++;
      mean -= slope[j]! * (this.shift[j + 1]! + this.sums[j + 1]! / m - exact[j]!);
      residual -= slope[j]! * c(0, j + 1);
    }
    const freedom = m - 1 - used;
    return { mean, error: freedom > 0 ? Math.sqrt(Math.max(0, residual) / freedom / m) : 0 };
  }

  /**
   * The least-squares slope of x on the controls: the normal equations C_cc b = C_cx solved by
   * Gaussian elimination in order; a control whose pivot is below 1e-12 of its own variance (it
   * does not vary, or the controls before it explain it) gets slope 0.
   */
  private slope(c: (a: number, b: number) => number, m: number): Float64Array {
    const p = this.p;
    const slope = new Float64Array(p);
    if (m < p + 3) return slope;
    const a = new Float64Array(p * (p + 1));
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < p; j++) a[i * (p + 1) + j] = c(i + 1, j + 1);
      a[i * (p + 1) + p] = c(i + 1, 0);
    }
    const kept = new Uint8Array(p);
    for (let i = 0; i < p; i++) {
      const pivot = a[i * (p + 1) + i]!;
      if (!(pivot > 1e-12 * c(i + 1, i + 1)) || !(c(i + 1, i + 1) > 0)) continue;
      kept[i] = 1;
      for (let r = i + 1; r < p; r++) {
        const f = a[r * (p + 1) + i]! / pivot;
        for (let k = i; k <= p; k++) a[r * (p + 1) + k] = a[r * (p + 1) + k]! - f * a[i * (p + 1) + k]!;
      }
    }
    for (let i = p - 1; i >= 0; i--) {
      if (kept[i] === 0) continue;
      let v = a[i * (p + 1) + p]!;
      for (let k = i + 1; k < p; k++) v -= a[i * (p + 1) + k]! * slope[k]!;
      slope[i] = v / a[i * (p + 1) + i]!;
    }
    return slope;
  }
}
