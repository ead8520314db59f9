/**
 * Numeric codes the plan carries to the kernels besides the measure kinds (src/measures/table.ts):
 * the compiled backends read the same numbers from files generated from this one
 * (scripts/generate.ts).
 */

/** AP's denominator: R (trec_eval), min(k, R) (recommender MAP@K) or the relevant found in the top k. */
export const ApNorm = { R: 0, MIN: 1, FOUND: 2 } as const;
export type ApNorm = (typeof ApNorm)[keyof typeof ApNorm];

/**
 * A gain column's function of the label: `linear` l, `exp` 2^l - 1 (both 0 below the column's
 * relevance level); `table`: the gain its table gives the label (the plan's pool holds label,
 * gain pairs), else linear; `pool`: 1 for a document the judgements hold but left unjudged
 * (label <= -2), else 0; `scaled` (cwl_eval's, through ir_measures): the label clipped to
 * [lo, hi] (the pool's two numbers, 0 <= lo < hi; an unjudged document's as 0), less lo, over
 * hi - lo.
 */
export const Gain = { LINEAR: 0, EXP: 1, TABLE: 2, POOL: 3, SCALED: 4 } as const;
export type Gain = (typeof Gain)[keyof typeof Gain];

/**
 * RBP's gains (its `gain` parameter, held in the spec's gain field): the label over the query's
 * largest judged label (trec_eval 10.0's graded rbp), or the label itself (ranx's rbp, trectools).
 */
export const RbpGain = { SCALED: 0, LABEL: 1 } as const;

/** Whether a measure takes a cut-off `@k`: none, optional, required, or a recall level `@r` (IPrec), held in the row's PARAM. */
export const Cutoff = { NONE: 0, OPTIONAL: 1, REQUIRED: 2, RECALL: 3 } as const;

/** How deep a measure reads the ranking: to its cut-off (the whole ranking without one), or to rank floor(PARAM R + 0.9) (Rprec). */
export const Depth = { CUTOFF: 0, RELEVANT: 1 } as const;

/**
 * What step 0 computes for a measure into its slot of the query constants: an ideal DCG (nDCG),
 * the largest judged label (graded RBP), or the ideal gains' levels (G, ndcg_rel, Rndcg):
 * a count L then L pairs gain, how many, by gain descending, at most IDEAL_LEVELS_MAX.
 */
export const Constant = { NONE: 0, IDEAL_DCG: 1, MAX_LABEL: 2, IDEAL_LEVELS: 3 } as const;

/** The most distinct positive ideal gains a query may have for G, ndcg_rel and Rndcg (more is an error). */
export const IDEAL_LEVELS_MAX = 32;

/** What a gain column sums of its function's gain g: g itself, its positive part max(g, 0), or 1 where g > 0 (ndcg_rel reads all three). */
export const GainTransform = { VALUE: 0, POSITIVE: 1, INDICATOR: 2 } as const;

/** Whether a measure reads a gain column: never, always, or when graded (RBP without `rel`). */
export const GainColumn = { NONE: 0, REQUIRED: 1, OPTIONAL: 2 } as const;

/** Flags of a plan row. JUDGED_ONLY: the measure reads the ranking without its unjudged documents (judged_only). */
export const RowFlag = { JUDGED_ONLY: 1 } as const;

/**
 * Flags of a plan. JUDGED_ONLY: unjudged documents leave every ranking after the maxRank cut
 * (trec_eval's -J with -M). NEEDS_ORDER: a measure reads its groups' documents (G) or sums gains
 * that can round (tables, scaled, exp), so every query is ordered (no countGroups), in average
 * mode as in sd mode: inside a group by label, so that no sum follows the input's line order.
 */
export const PlanFlag = { JUDGED_ONLY: 1, NEEDS_ORDER: 2 } as const;

/** The most states (vectors of counts drawn per distinct nonzero gain) G follows in one tie group; past it the glue estimates G (src/estimate/). */
export const G_STATES_MAX = 1 << 16;

/**
 * G's exact average on one query: the most slots times states (summed over its tie groups with a
 * nonzero gain) it follows; past it the glue estimates G (src/estimate/). About a few milliseconds
 * native (see docs/measures.md, "Estimates").
 */
export const G_WORK_MAX = 1 << 22;

/**
 * The most steps (the additions and multiply-adds of its recounts, a hypergeometric law's term
 * counted four times) interpolated precision's exact average spends on one query and relevance
 * level; past it the glue estimates it (src/estimate/). A few milliseconds native (3-13 ms to
 * give up on groups of 600 to 10,000): every query of the paper's full in-degree setting needs
 * at most half of it (docs/performance.md, "Interpolated precision").
 */
export const IPREC_STEPS_MAX = 2 ** 23;

/**
 * The documents cwl_eval reads of a ranking (its max_n, which ir_measures keeps): its measures
 * (SDCG, INSQ) weigh the first 1,000 positions, an empty position gaining nothing.
 */
export const CWL_DEPTH = 1000;

/** G counts the chances of a tie group of at most this many documents (every binomial it needs is in the free-orders table), and carries them slot to slot in a larger one. */
export const G_COUNTED_SLOTS = 43;
