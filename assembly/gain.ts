import { GAIN_EXP } from './codes';

/** The gain of a label: 0 below the relevance level `rel`, else `l` (linear) or `2^l - 1` (exp). */
@inline export function gainOf(label: f64, type: i32, rel: f64): f64 {
  // the type first: a linear gain is then a select, no branch on the label (mispredicted on mixed labels)
  if (type == GAIN_EXP) return label < rel ? 0 : Math.pow(2, label) - 1;
  return label < rel ? 0 : label;
}
