import { getF64 } from './memory';

/** The position of the first NaN among scores[start..start+n), or -1. */
export function firstNaN(scores: usize, start: i32, n: i32): i32 {
  for (let i = 0; i < n; i++) {
    if (isNaN(getF64(scores, start + i))) return i;
  }
  return -1;
}
