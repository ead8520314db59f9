/** 10^0 .. 10^22: the powers of ten a double holds exactly. */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);
const INFINITY = /^[+-]?inf(inity)?$/i;
// unambiguous (the digits before a point cannot also match after it): linear time on any input, where
// \d+\.?\d* backtracks quadratically over a long run of digits that ends badly
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A score field as a double: decimal notation with an optional exponent, as both C's atof and
 * JavaScript read it (`7.763e-05`, `1e-4`, `.5`, `5.`, `+3`), and `inf`/`infinity` in any case.
 * Returns NaN for anything else (hex, `nan`, garbage), so that the caller reports it; trec_eval
 * would silently read such a field as 0.
 * Fast path: at most 15 significant digits and a decimal exponent within ±22 are exact
 * doubles, so one multiplication or division rounds correctly; other forms go to Number().
 */
export function parseScore(buf: Buffer, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (buf[i] === 45 || buf[i] === 43) negative = buf[i++] === 45;
  let mantissa = 0;
  let digits = 0;
  let scale = 0;
  let any = false;
  while (i < end && buf[i]! >= 48 && buf[i]! <= 57) {
    if (digits < 15) {
      mantissa = mantissa * 10 + (buf[i]! - 48);
      if (mantissa > 0) digits++;
    } else scale++;
    any = true;
    i++;
  }
  if (i < end && buf[i] === 46) {
    i++;
    while (i < end && buf[i]! >= 48 && buf[i]! <= 57) {
      if (digits < 15) {
        mantissa = mantissa * 10 + (buf[i]! - 48);
        if (mantissa > 0) digits++;
        scale--;
      }
      any = true;
      i++;
    }
  }
  let exponent = 0;
  if (any && i < end && (buf[i] === 101 || buf[i] === 69)) {
    i++;
    let expNegative = false;
    if (buf[i] === 45 || buf[i] === 43) expNegative = buf[i++] === 45;
    const expStart = i;
    while (i < end && buf[i]! >= 48 && buf[i]! <= 57 && i - expStart < 6) exponent = exponent * 10 + (buf[i++]! - 48);
    if (i === expStart) return NaN;
    if (expNegative) exponent = -exponent;
  }
  if (any && i === end && digits < 15 && Math.abs(scale + exponent) <= 22) {
    const e = scale + exponent;
    const value = e >= 0 ? mantissa * POW10[e]! : mantissa / POW10[-e]!;
    return negative ? -value : value;
  }
  const text = buf.toString('latin1', start, end);
  if (INFINITY.test(text)) return text.startsWith('-') ? -Infinity : Infinity;
  return DECIMAL.test(text) ? Number(text) : NaN;
}

/** An integer field (optional sign, digits, at most 15 of them), or NaN. */
export function parseInteger(buf: Buffer, start: number, end: number): number {
  let i = start;
  let negative = false;
  if (buf[i] === 45 || buf[i] === 43) negative = buf[i++] === 45;
  if (i === end || end - i > 15) return NaN;
  let value = 0;
  for (; i < end; i++) {
    const d = buf[i]! - 48;
    if (d < 0 || d > 9) return NaN;
    value = value * 10 + d;
  }
  return negative ? -value : value;
}
