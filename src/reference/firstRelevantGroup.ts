import type { Scratch } from './scratch.js';

/** The first group that starts above position k and holds a relevant document, or -1. */
export function firstRelevantGroup(s: Scratch, col: number, k: number): number {
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k; g++) {
    if (s.groupRel[g * s.levels + col]! > 0) return g;
    start = s.groupEnd[g]!;
  }
  return -1;
}
