import { Gain } from '../measures/codes.js';

/** The gain of a label: 0 below the relevance level `rel`, else `l` (linear) or `2^l - 1` (exp). */
export function gainOf(label: number, type: number, rel: number): number {
  // the type first: a linear gain is then a select, no branch on the label (mispredicted on mixed labels)
  if (type === Gain.EXP) return label < rel ? 0 : 2 ** label - 1;
  return label < rel ? 0 : label;
}
