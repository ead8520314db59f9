/**
 * A value as C's `printf("%.<digits>f")` prints it on x86-64 Linux: C rounds the exact binary value
 * half to even, `toFixed` rounds exact halves up. They differ only where the value sits exactly on
 * a half at the last digit, which a double reaches only as an odd multiple of 2^-(digits + 1)
 * (0.03125 prints 0.0312 with 4 digits in C). NaN prints `-nan`, as 0 / 0 does there.
 * @example cFixed(0.03125, 4) // '0.0312'
 */
export function cFixed(value: number, digits: number): string {
  if (Number.isNaN(value)) return '-nan';
  const halves = value * 2 ** (digits + 1);
  if (!Number.isFinite(value) || !Number.isInteger(halves) || halves % 2 === 0) return value.toFixed(digits);
  const scale = 10 ** digits;
  const lower = Math.floor(value * scale);
  return ((lower % 2 === 0 ? lower : lower + 1) / scale).toFixed(digits);
}
