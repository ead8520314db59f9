/**
 * Numeric codes the plan carries to the kernels besides the measure kinds (src/measures/table.ts):
 * the compiled backends read the same numbers from files generated from this one
 * (scripts/generate.ts).
 */

/** AP's denominator: R (trec_eval), min(k, R) (recommender MAP@K) or the relevant found in the top k. */
export const ApNorm = { R: 0, MIN: 1, FOUND: 2 } as const;
export type ApNorm = (typeof ApNorm)[keyof typeof ApNorm];

/** DCG gain: `linear` gain(l) = l, `exp` gain(l) = 2^l - 1, both 0 below the relevance level. */
export const Gain = { LINEAR: 0, EXP: 1 } as const;
export type Gain = (typeof Gain)[keyof typeof Gain];

/** Whether a measure takes a cut-off `@k`: 0 none, 1 optional, 2 required. */
export const Cutoff = { NONE: 0, OPTIONAL: 1, REQUIRED: 2 } as const;

/** How deep a measure reads the ranking: to its cut-off (the whole ranking without one), or to rank R. */
export const Depth = { CUTOFF: 0, RELEVANT: 1 } as const;
