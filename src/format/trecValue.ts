/**
 * A value as trec_eval prints it, C's `%6.4f`. C rounds the exact binary value half to even;
 * `toFixed` rounds exact halves up. The two differ only on exact halves at the 4th decimal,
 * which a double reaches only as odd multiples of 1/32 (0.03125 prints 0.0312 in C). NaN (trec
 * mode's interpolated precision of an empty ranking) prints `-nan`, as trec_eval's 0 / 0 prints
 * on x86-64 Linux.
 */
export function formatTrecValue(value: number): string {
  let text: string;
  if (Number.isNaN(value)) {
    text = '-nan';
  } else if (Number.isFinite(value) && Number.isInteger(value * 32) && (value * 32) % 2 !== 0) {
    const lower = Math.floor(value * 10000);
    text = ((lower % 2 === 0 ? lower : lower + 1) / 10000).toFixed(4);
  } else {
    text = value.toFixed(4);
  }
  return text.padStart(6, ' ');
}
