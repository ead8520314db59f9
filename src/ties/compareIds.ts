/** A UTF-16 surrogate: where one meets a unit >= 0xE000, UTF-16 order is not byte order (see compareIds). */
export const SURROGATE = /[\ud800-\udfff]/;

/**
 * Compares document ids in the byte order of their UTF-8 encodings (C's strcmp, as trec_eval
 * does), which is code point order. JavaScript's `<` compares UTF-16 units; the two differ only
 * where a surrogate (a code point >= 0x10000) meets a unit >= 0xE000, which this corrects.
 */
export function compareIds(a: string, b: string): number {
  const len = Math.min(a.length, b.length);
  for (let i = 0; i < len; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
