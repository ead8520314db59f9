/**
 * Splits buf[start..end) at runs of spaces and tabs into at most `max` fields, writing their
 * [start, end) offsets to `bounds`; returns the field count, or max + 1 when there are more.
 */
export function splitFields(buf: Buffer, start: number, end: number, bounds: Int32Array, max: number): number {
  let count = 0;
  let i = start;
  while (i < end) {
    while (i < end && (buf[i] === 32 || buf[i] === 9)) i++;
    if (i >= end) break;
    if (count === max) return max + 1;
    bounds[2 * count] = i;
    while (i < end && buf[i] !== 32 && buf[i] !== 9) i++;
    bounds[2 * count + 1] = i;
    count++;
  }
  return count;
}

/** Whether a line is blank or a `#` comment. */
export function isSkippable(buf: Buffer, start: number, end: number): boolean {
  let i = start;
  while (i < end && (buf[i] === 32 || buf[i] === 9)) i++;
  return i === end || buf[i] === 35;
}

/**
 * Whether buf[start..end) spells `text` (a latin1 string: one char per byte). Reading ids
 * line after line, this spares a string for every line whose id repeats the previous one.
 */
export function fieldEquals(buf: Buffer, start: number, end: number, text: string): boolean {
  if (end - start !== text.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[start + i] !== text.charCodeAt(i)) return false;
  return true;
}
