/**
 * How an ordering is chosen inside a group of equal scores.
 * - `average`: the expected value over every ordering of each group (McSherry & Najork).
 * - `optimistic`: higher labels first inside each group (the upper bound).
 * - `pessimistic`: lower labels first inside each group (the lower bound).
 * - `trec`: trec_eval's order: document id descending in byte order (needs `docs`).
 * - `input`: the order given, only re-sorted by score across groups.
 * - `sd`: the standard deviation over every ordering of each group (orderings uniform, groups
 *   and queries independent): how far the order of ties could move the value, beside `average`.
 */
export type TieMode = 'average' | 'optimistic' | 'pessimistic' | 'trec' | 'input' | 'sd';

/** What each mode's value is, in a few words (the command line's multi-mode header says it). */
export const TIE_MODE_MEANING: Readonly<Record<TieMode, string>> = {
  average: 'the mean over every ordering of the tied documents',
  optimistic: 'higher labels first inside each tie (the upper bound)',
  pessimistic: 'lower labels first inside each tie (the lower bound)',
  trec: "trec_eval's order (document id descending)",
  input: 'ties in the order of the file',
  sd: 'the standard deviation over every ordering of the tied documents',
};

/** Numeric codes of the tie modes; the compiled backends switch on the same numbers. */
export const TIE_MODES: Readonly<Record<TieMode, number>> = {
  average: 0,
  optimistic: 1,
  pessimistic: 2,
  trec: 3,
  input: 4,
  sd: 5,
};

export const AVERAGE = 0;
export const OPTIMISTIC = 1;
export const PESSIMISTIC = 2;
export const TREC = 3;
export const INPUT = 4;
export const SD = 5;

/** Parses a tie mode option, default `average`. */
export function tieModeCode(mode: unknown): number {
  if (mode === undefined) return AVERAGE;
  const code = typeof mode === 'string' ? TIE_MODES[mode as TieMode] : undefined;
  if (code === undefined) {
    throw new RangeError(`ties must be one of ${Object.keys(TIE_MODES).join(', ')}; got ${JSON.stringify(mode)}`);
  }
  return code;
}
