/**
 * The measures tie-eval knows, with their parameters: the single table the name parser,
 * the error messages and the CLI help read from.
 */

/** Numeric codes of the measure families; the compiled backends switch on the same numbers. */
export const Kind = {
  P: 0,
  R: 1,
  F1: 2,
  AP: 3,
  RR: 4,
  DCG: 5,
  NDCG: 6,
  RBP: 7,
  RPREC: 8,
  BPREF: 9,
  SUCCESS: 10,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/** AP's denominator: R (trec_eval), min(k, R) (recommender MAP@K) or the relevant found in the top k. */
export const ApNorm = { R: 0, MIN: 1, FOUND: 2 } as const;
export type ApNorm = (typeof ApNorm)[keyof typeof ApNorm];

/** DCG gain: `linear` gain(l) = l, `exp` gain(l) = 2^l - 1, both 0 below the relevance level. */
export const Gain = { LINEAR: 0, EXP: 1 } as const;
export type Gain = (typeof Gain)[keyof typeof Gain];

/** Whether a measure takes a cut-off `@k`. */
export type CutoffRule = 'required' | 'optional' | 'none';

export interface ParamInfo {
  readonly name: string;
  readonly values: string;
  readonly default: string;
}

export interface MeasureInfo {
  readonly name: string;
  readonly kind: Kind;
  readonly cutoff: CutoffRule;
  readonly params: readonly ParamInfo[];
  readonly summary: string;
}

const REL: ParamInfo = { name: 'rel', values: 'integer >= 1', default: '1' };
const GAIN: ParamInfo = { name: 'gain', values: 'linear|exp', default: 'linear' };

/** Every measure, in the order help texts list them. */
export const MEASURES: readonly MeasureInfo[] = [
  { name: 'P', kind: Kind.P, cutoff: 'required', params: [REL], summary: 'precision at k' },
  { name: 'R', kind: Kind.R, cutoff: 'required', params: [REL], summary: 'recall at k (0 when R = 0)' },
  { name: 'F1', kind: Kind.F1, cutoff: 'required', params: [REL], summary: 'F1 at k: 2 rel@k / (k + R)' },
  {
    name: 'AP',
    kind: Kind.AP,
    cutoff: 'optional',
    params: [REL, { name: 'norm', values: 'R|min|found', default: 'R' }],
    summary: 'average precision (trec_eval map / map_cut)',
  },
  { name: 'RR', kind: Kind.RR, cutoff: 'optional', params: [REL], summary: 'reciprocal rank of the first relevant document' },
  { name: 'DCG', kind: Kind.DCG, cutoff: 'optional', params: [REL, GAIN], summary: 'discounted cumulative gain, discount 1/log2(rank+1)' },
  { name: 'nDCG', kind: Kind.NDCG, cutoff: 'optional', params: [REL, GAIN], summary: 'DCG over the ideal DCG (0 when the ideal is 0)' },
  {
    name: 'RBP',
    kind: Kind.RBP,
    cutoff: 'optional',
    params: [REL, { name: 'p', values: '0 < p < 1', default: '0.8' }],
    summary: 'rank-biased precision, binary relevance',
  },
  { name: 'Rprec', kind: Kind.RPREC, cutoff: 'none', params: [REL], summary: 'precision at rank R' },
  { name: 'bpref', kind: Kind.BPREF, cutoff: 'none', params: [REL], summary: "trec_eval's bpref (unjudged documents skipped)" },
  { name: 'Success', kind: Kind.SUCCESS, cutoff: 'required', params: [REL], summary: '1 if a relevant document is in the top k' },
];

/** Other spellings accepted for a measure name (ir_measures writes `Bpref`). */
export const NAME_ALIASES: Readonly<Record<string, string>> = { Bpref: 'bpref' };

/** One line per measure: `AP(rel=,norm=R|min|found)[@k]  average precision ...`, for errors and help. */
export function describeMeasures(): string {
  return MEASURES.map((m) => {
    const params = m.params.map((p) => `${p.name}=${p.values}`).join(', ');
    const cut = m.cutoff === 'required' ? '@k' : m.cutoff === 'optional' ? '[@k]' : '';
    return `  ${m.name}(${params})${cut}: ${m.summary}`;
  }).join('\n');
}
