import { getF64, setF64 } from './memory';

/**
 * P(X = x) for x = lo..hi, written to pmf[0..hi-lo], where X is the number of relevant
 * documents among `draws` slots filled at random from a group of `size` holding `r` relevant
 * (lo = max(0, draws - (size - r)), hi = min(draws, r)). Built by the ratio recurrence from
 * the mode outwards, so no term overflows and far tails underflow harmlessly to 0, then
 * normalised.
 */
export function hypergeometric(size: f64, r: f64, draws: f64, lo: f64, hi: f64, pmf: usize): void {
  const mode = Math.min(hi, Math.max(lo, Math.floor(((draws + 1) * (r + 1)) / (size + 2))));
  setF64(pmf, <i32>(mode - lo), 1);
  for (let x = mode + 1; x <= hi; x++) {
    setF64(pmf, <i32>(x - lo), (getF64(pmf, <i32>(x - 1 - lo)) * ((r - x + 1) * (draws - x + 1))) / (x * (size - r - draws + x)));
  }
  for (let x = mode - 1; x >= lo; x--) {
    setF64(pmf, <i32>(x - lo), (getF64(pmf, <i32>(x + 1 - lo)) * ((x + 1) * (size - r - draws + x + 1))) / ((r - x) * (draws - x)));
  }
  let total: f64 = 0;
  for (let x = lo; x <= hi; x++) total += getF64(pmf, <i32>(x - lo));
  for (let x = lo; x <= hi; x++) setF64(pmf, <i32>(x - lo), getF64(pmf, <i32>(x - lo)) / total);
}
