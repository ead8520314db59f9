/**
 * The measure table: every measure tie-eval computes, once. The name parser, the plan, its
 * checks, the help texts and the trec_eval spellings read it; scripts/generate.ts writes from it
 * the codes the AssemblyScript and C++ kernels switch on, and their plan rules. A measure's kind
 * code is its row number here.
 *
 * Adding a measure: a row here, its kernel in src/reference/, assembly/ and native/kernels/ (same
 * name, arguments and comments), and its case in the three evaluateQuery switches; then
 * `npm run generate` (the build runs it too).
 */
import { GAIN, NORM, PERSISTENCE, REL, type ParamEntry } from './params.js';

/** Whether a measure takes a cut-off `@k`. */
export type CutoffRule = 'required' | 'optional' | 'none';

/** A trec_eval spelling of a measure: `map`, or `P` with cut-offs (`P.5,10`, printed `P_5`). */
export interface TrecSpelling {
  readonly name: string;
  /** the cut-offs `NAME` alone means (trec_eval's defaults); absent when the name takes none */
  readonly cutoffs?: readonly number[];
}

/** A measure: how it is named, what it takes, what the kernels need for it. */
export interface MeasureEntry {
  /** the ir_measures name, the one results are printed under */
  readonly name: string;
  /** the kernel's code name: `KIND_${kernel}` in the compiled backends */
  readonly kernel: string;
  /** other spellings of the name (ir_measures' aliases) */
  readonly aliases: readonly string[];
  readonly cutoff: CutoffRule;
  /** the parameters `NAME(param=value)` takes, in the order names print them */
  readonly params: readonly ParamEntry[];
  /** the parameter the plan row's PARAM field holds, if any */
  readonly param?: ParamEntry;
  /** reads a gain column of the group table (sums of gain(label) per group) */
  readonly gainColumn: boolean;
  /** needs the ideal DCG of the judgements among the query constants */
  readonly idealDcg: boolean;
  /** how deep it reads the ranking: to its cut-off (the whole ranking without one), or to rank R */
  readonly depth: 'cutoff' | 'relevant';
  /** whether the command line's `-l` sets its relevance level (not for DCG and nDCG: trec_eval's gains stay the labels) */
  readonly trecLevel: boolean;
  readonly trec: readonly TrecSpelling[];
  /** one line of help */
  readonly summary: string;
}

/** trec_eval's default cut-offs for P, recall, ndcg_cut and map_cut. */
const TREC_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000];

const measure = (entry: Partial<MeasureEntry> & Pick<MeasureEntry, 'name' | 'kernel' | 'cutoff' | 'summary'>): MeasureEntry => ({
  aliases: [],
  params: [REL],
  gainColumn: false,
  idealDcg: false,
  depth: 'cutoff',
  trecLevel: true,
  trec: [],
  ...entry,
});

/** Every measure, in the order help texts list them; a measure's kind code is its index. */
export const MEASURES = [
  measure({ name: 'P', kernel: 'P', cutoff: 'required', trec: [{ name: 'P', cutoffs: TREC_CUTOFFS }], summary: 'precision at k' }),
  measure({ name: 'R', kernel: 'R', cutoff: 'required', trec: [{ name: 'recall', cutoffs: TREC_CUTOFFS }], summary: 'recall at k (0 when R = 0)' }),
  measure({ name: 'F1', kernel: 'F1', cutoff: 'required', summary: 'F1 at k: 2 rel@k / (k + R)' }),
  measure({
    name: 'AP',
    kernel: 'AP',
    cutoff: 'optional',
    params: [REL, NORM],
    param: NORM,
    trec: [{ name: 'map' }, { name: 'map_cut', cutoffs: TREC_CUTOFFS }],
    summary: 'average precision',
  }),
  measure({ name: 'RR', kernel: 'RR', cutoff: 'optional', trec: [{ name: 'recip_rank' }], summary: 'reciprocal rank of the first relevant document' }),
  measure({ name: 'DCG', kernel: 'DCG', cutoff: 'optional', params: [REL, GAIN], gainColumn: true, trecLevel: false, summary: 'discounted cumulative gain, discount 1/log2(rank+1)' }),
  measure({
    name: 'nDCG',
    kernel: 'NDCG',
    cutoff: 'optional',
    params: [REL, GAIN],
    gainColumn: true,
    idealDcg: true,
    trecLevel: false,
    trec: [{ name: 'ndcg' }, { name: 'ndcg_cut', cutoffs: TREC_CUTOFFS }],
    summary: 'DCG over the ideal DCG (0 when the ideal is 0)',
  }),
  measure({ name: 'RBP', kernel: 'RBP', cutoff: 'optional', params: [REL, PERSISTENCE], param: PERSISTENCE, summary: 'rank-biased precision, binary relevance' }),
  measure({ name: 'Rprec', kernel: 'RPREC', cutoff: 'none', depth: 'relevant', trec: [{ name: 'Rprec' }], summary: 'precision at rank R' }),
  measure({ name: 'bpref', kernel: 'BPREF', cutoff: 'none', aliases: ['Bpref'], trec: [{ name: 'bpref' }], summary: "trec_eval's bpref (unjudged documents skipped)" }),
  measure({ name: 'Success', kernel: 'SUCCESS', cutoff: 'required', trec: [{ name: 'success', cutoffs: [1, 5, 10] }], summary: '1 if a relevant document is in the top k' }),
] as const satisfies readonly MeasureEntry[];

/** The kind codes by kernel name (`Kind.AP`): a measure's index in MEASURES, the number the kernels switch on. */
export const Kind = Object.fromEntries(MEASURES.map((m, i) => [m.kernel, i])) as { readonly [K in (typeof MEASURES)[number]['kernel']]: number };
export type Kind = number;

/** The measure a name or alias stands for (exact spelling), or undefined. */
export function findMeasure(name: string): MeasureEntry | undefined {
  return MEASURES.find((m) => m.name === name || m.aliases.includes(name));
}

/**
 * One line per measure, for errors and help: `AP(rel=integer >= 1, norm=R|min|found)[@k]:
 * average precision (trec_eval: map, map_cut.k)`.
 */
export function describeMeasures(): string {
  return MEASURES.map((m: MeasureEntry) => {
    const params = m.params.map((p) => `${p.name}=${p.values}`).join(', ');
    const cut = m.cutoff === 'required' ? '@k' : m.cutoff === 'optional' ? '[@k]' : '';
    const trec = m.trec.map((t) => (t.cutoffs === undefined ? t.name : `${t.name}.k`)).join(', ');
    return `  ${m.name}(${params})${cut}: ${m.summary}${trec === '' ? '' : ` [trec_eval: ${trec}]`}`;
  }).join('\n');
}
