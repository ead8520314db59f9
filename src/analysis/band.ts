/**
 * Geometric score bands: band 1 starts at rank 1 and band g+1 at ceil(phi × the start of
 * band g), so phi = 2 gives [1], [2–3], [4–7], …, the golden ratio bands of widths 1, 2, 3, 5, 8
 * (Fibonacci); for 1 < phi <= 2 the first band holds one document, and ranks 2 and 3 share a
 * band only when phi > 1.5.
 * A product within a relative 1e-9 above an integer counts as that integer, so that a decimal
 * phi bands as written (1.1 × 10 is 11.000000000000002 in binary; its band starts at 11).
 * Returns, for ranks 1..n, the band numbers (1-based).
 * @throws RangeError when phi is not a number greater than 1
 */
export function bands(n: number, phi: number): Int32Array {
  if (!(phi > 1) || !Number.isFinite(phi)) throw new RangeError(`phi must be a number greater than 1, got ${phi}`);
  const band = new Int32Array(n);
  let g = 1;
  let start = 1;
  const nextStart = (from: number): number => Math.ceil(phi * from * (1 - 1e-9));
  let next = nextStart(start);
  for (let rank = 1; rank <= n; rank++) {
    if (rank === next) {
      g++;
      start = next;
      next = nextStart(start);
    }
    band[rank - 1] = g;
  }
  return band;
}

/**
 * Re-scores one query's ranking into bands: the document at position i of `order` (the file
 * line order, or the score order) gets rank i + 1 and score 1 / band.
 */
export function bandScores(n: number, phi: number): Float64Array {
  return Float64Array.from(bands(n, phi), (g) => 1 / g);
}
