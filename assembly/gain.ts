import { GAIN_EXP } from './catalog';

/** The gain of a label: 0 below the relevance level `rel`, else `l` (linear) or `2^l - 1` (exp). */
export function gainOf(label: f64, type: i32, rel: f64): f64 {
  if (label < rel) return 0;
  return type == GAIN_EXP ? Math.pow(2, label) - 1 : label;
}
