import type { Scratch } from './scratch.js';

/**
 * E[relevant documents in the top k] at relevance column `col`: R_c + (k - t_c) r_c / n_c.
 * Groups wholly above k count all their relevant documents; the group V_c that crosses k
 * holds on average (k - t_c) r_c / n_c of them in its k - t_c slots; positions beyond the
 * ranking count as non-relevant.
 */
export function expectedRelevant(s: Scratch, col: number, k: number): number {
  let sum = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount && start < k; g++) {
    const end = s.groupEnd[g]!;
    const r = s.groupRel[g * s.levels + col]!;
    sum += end <= k ? r : ((k - start) * r) / (end - start);
    start = end;
  }
  return sum;
}
