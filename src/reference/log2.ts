/** 1 / ln 2 and sqrt(2), the doubles nearest them. */
const INV_LN2 = 1.4426950408889634;
const SQRT2 = 1.4142135623730951;

/**
 * log2(x) for x >= 1 (ranks and counts; Infinity and NaN give themselves), from + - * / alone in the same order in the three
 * backends, so their discounts agree to the bit: the platforms' own log2 do not (V8's and the C
 * library's differ in the last bit at 418 of the ranks up to 2M). Exact at powers of two, else
 * within 2 ulps of the true value. x = m 2^e with m in (sqrt(1/2), sqrt(2)], then
 * ln m = 2 atanh(s), s = (m - 1) / (m + 1), by its series (|s| < 0.172: eleven terms reach 2^-53).
 * @example log2(8) // 3
 */
export function log2(x: number): number {
  // Infinity (a gain past a double's range) and NaN are their own log: the loops below would never end
  if (!(x < Infinity)) return x;
  let e = 0;
  let m = x;
  while (m >= 65536) {
    m *= 1 / 65536;
    e += 16;
  }
  while (m >= 2) {
    m *= 0.5;
    e += 1;
  }
  if (m > SQRT2) {
    m *= 0.5;
    e += 1;
  }
  const s = (m - 1) / (m + 1);
  const s2 = s * s;
  let p = 1 / 23;
  for (let k = 21; k >= 1; k -= 2) p = p * s2 + 1 / k;
  return e + 2 * s * p * INV_LN2;
}
