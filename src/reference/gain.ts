import { Gain } from '../measures/catalog.js';

/** The gain of a label: 0 below the relevance level `rel`, else `l` (linear) or `2^l - 1` (exp). */
export function gainOf(label: number, type: number, rel: number): number {
  if (label < rel) return 0;
  return type === Gain.EXP ? 2 ** label - 1 : label;
}
