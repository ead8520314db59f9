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
import {
  BETA,
  DCG,
  DOCS,
  ELEVEN_POINTS,
  GAIN,
  GAINS,
  JUDGED_ONLY,
  LEVELS,
  MAX_GRADE,
  MAX_REL,
  MIN_REL,
  MULT,
  NORM,
  PERSISTENCE,
  RBP_GAIN,
  REL,
  RELATIVE,
  TOTAL,
  UTILITY,
  withDefault,
  type ListParamEntry,
  type ParamEntry,
} from './params.js';

/** Whether a measure takes a cut-off `@k` (or, for IPrec, a recall level `@r`). */
export type CutoffRule = 'required' | 'optional' | 'none' | 'recall';

/**
 * A trec_eval spelling of a measure, its parameters written after the first dot: `map`;
 * `P.5,10` (cut-offs, printed `P_5`, `P_10`); `iprec_at_recall.0.1,0.5` (levels, printed
 * `iprec_at_recall_0.10`); `utility.2,-1,0,0` (parameters, printed `utility_2,-1,0,0`);
 * `ndcg.1=0,2=1` (pairs, printed `ndcg_1=0,2=1`).
 */
export interface TrecSpelling {
  readonly name: string;
  readonly form: 'plain' | 'cutoffs' | 'levels' | 'params' | 'pairs';
  /** the cut-offs, levels or parameters the name alone means */
  readonly defaults?: readonly number[];
  /** parameters the name implies, in tie-eval's spelling: `relative=true` */
  readonly preset?: string;
  /** for levels: the parameter each level sets (Rprec_mult's mult); without it the level is the `@` value */
  readonly levelParam?: string;
  /** for params and pairs: tie-eval's parameters for the values as written, or undefined when they are not valid */
  readonly params?: (values: string) => string | undefined;
  /** where trec_eval prints it: only in the summary (num_q, gm_map), only per query (relstring), or both */
  readonly print?: 'summary' | 'query';
  /** the summary's rule when not the measure's own: gm_map and gm_bpref are geometric means */
  readonly aggregate?: 'geometric';
}

/**
 * A ranx metric name (ranx 0.3: `name`, `name@k`, `rbp.P`, each with an optional `-lN`, the
 * relevance level) and the parameters it implies; ranx averages every metric over the queries.
 */
export interface RanxSpelling {
  readonly name: string;
  /** whether it is written with `@k` (the measure's cut-off), without, or either */
  readonly cutoff: 'required' | 'none' | 'optional';
  readonly preset?: string;
  /** written `rbp.P`: the persistence 0.P */
  readonly persistence?: boolean;
}

/** Another name of a measure, with the parameters it implies (`NumRelRet` is `NumRet(rel=1)`). */
export interface Alias {
  readonly name: string;
  readonly preset?: string;
}

/** A measure: how it is named, what it takes, what the kernels need for it. */
export interface MeasureEntry {
  /** the name, ir_measures' where it has one (trec_eval's otherwise), the one results are printed under */
  readonly name: string;
  /** the kernel's code name: `KIND_${kernel}` in the compiled backends */
  readonly kernel: string;
  readonly aliases: readonly Alias[];
  readonly cutoff: CutoffRule;
  /** the parameters `NAME(param=value)` takes, in the order names print them */
  readonly params: readonly (ParamEntry | ListParamEntry)[];
  /** the parameter the plan row's PARAM field holds, if any (for `recall`, the `@` level goes there) */
  readonly param?: ParamEntry;
  /**
   * the gain column it reads: of the gain parameters (`spec`; 0 below `rel`), of them whatever
   * `rel`, which sets only R's level (`labels`), of pooled-but-unjudged documents (`pool`), or
   * of the labels when `rel` is not given (`graded`)
   */
  readonly gainColumn?: 'spec' | 'labels' | 'pool' | 'graded' | 'scaled';
  /** consecutive gain columns it reads from its own: 3 for the gain, its positive part and its indicator (ndcg_rel) */
  readonly gainSpan?: number;
  /** it reads its groups' documents, so every query is ordered (G) */
  readonly needsOrder?: boolean;
  /** what step 0 computes for it among the query constants (see Constant) */
  readonly constant?: 'idealDcg' | 'maxLabel' | 'idealLevels';
  /** relevance levels 1 .. the value of this parameter, read from consecutive columns starting at the row's (ERR) */
  readonly levelSpan?: ParamEntry;
  /** values it takes from the plan's pool: a list parameter's, or utility's coefficients */
  readonly extra?: 'list' | 'utility';
  /** how deep it reads the ranking: to its cut-off (the whole ranking without one), or to rank floor(mult R + 0.9) */
  readonly depth: 'cutoff' | 'relevant';
  /** how a summary combines queries: their mean, or their sum (counts) */
  readonly aggregate: 'mean' | 'sum';
  /** whether the command line's `-l` sets its relevance level (not where gains are the labels, as in trec_eval) */
  readonly trecLevel: boolean;
  readonly trec: readonly TrecSpelling[];
  /** its ranx names */
  readonly ranx: readonly RanxSpelling[];
  /** parameters a name must give (ir_measures' required ones), each with a value for the names tie-eval makes up (selfCheck) */
  readonly required?: readonly (readonly [string, string])[];
  /** why the parameters a name gives are not valid together, or undefined */
  readonly check?: (values: { readonly min_rel: number; readonly max_rel: number }) => string | undefined;
  /** its standard deviation over tie orderings (`ties: 'sd'`) is exact (0 where it does not depend on the order; see hasSpread for the parameters that have none) */
  readonly sd?: true;
  /**
   * its exact average may be past its kernel's budget in a large tie group (the kernel writes NaN,
   * the glue estimates it: src/estimate/), with the measures whose closed forms serve as the
   * estimate's control variates (named without parameters: they take the row's relevance level)
   */
  readonly budget?: { readonly controls: readonly string[] };
  /** one line of help */
  readonly help: string;
}

/**
 * Interpolated precision's control variates (see MeasureEntry.budget): on one group of 600
 * documents, half relevant, RR's correlation with IPrec@0 is 0.95, Rprec's with IPrec@0.5 0.84,
 * AP's with IPrec@0.2 0.81.
 */
const IPREC_CONTROLS = ['RR', 'AP', 'Rprec'];

/** trec_eval's default cut-offs for P, recall, ndcg_cut, map_cut and relative_P. */
const TREC_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000];

/** trec_eval's name=value pairs as gains (`1=0,2=1` is gains={1:0,2:1}); names that are not integers are ignored, as trec_eval does. */
function trecGains(values: string): string | undefined {
  const pairs = values.split(',').map((p) => p.split('='));
  if (pairs.some((p) => p.length !== 2 || p[0] === '' || p[1] === '')) return undefined;
  const gains = pairs.filter(([name]) => /^[-+]?[0-9]+$/.test(name!)).map(([name, value]) => `${Number(name)}:${value}`);
  return gains.length === 0 ? '' : `gains={${gains.join(',')}}`;
}

/** trec_eval's name=value pairs for rbp and rbp_resid: p=0.5 sets the persistence; other names are ignored, as trec_eval does. */
function trecPersistence(values: string): string | undefined {
  const pairs = values.split(',').map((p) => p.split('='));
  if (pairs.some((p) => p.length !== 2 || p[0] === '' || p[1] === '')) return undefined;
  const p = pairs.findLast(([name]) => name === 'p');
  return p === undefined ? 'p=0.9' : `p=${p[1]}`;
}

/** cwl_eval's gains need max_rel above min_rel. */
const cwlGains = (values: { readonly min_rel: number; readonly max_rel: number }): string | undefined =>
  values.max_rel > values.min_rel ? undefined : `max_rel (${values.max_rel}) must be above min_rel (${values.min_rel}): the label that gains 1`;

const measure = (entry: Partial<MeasureEntry> & Pick<MeasureEntry, 'name' | 'kernel' | 'cutoff' | 'help'>): MeasureEntry => ({
  aliases: [],
  params: [REL],
  depth: 'cutoff',
  aggregate: 'mean',
  trecLevel: true,
  trec: [],
  ranx: [],
  ...entry,
});

const DCG_PARAMS = [REL, GAIN, DCG, GAINS, JUDGED_ONLY];
/** NumRet's rel: the relevant documents retrieved at that level, or every document (0, the default). */
const ALL_OR_REL = withDefault(REL, 0, 'integer >= 1 (default: every document)');
const TREC_GAIN_PARAMS = [GAINS];

/** Every measure, in the order help texts list them; a measure's kind code is its index. */
export const MEASURES = [
  measure({
    name: 'P',
    kernel: 'P', sd: true,
    cutoff: 'required',
    aliases: [{ name: 'Precision' }],
    params: [REL, RELATIVE, JUDGED_ONLY],
    param: RELATIVE,
    trec: [
      { name: 'P', form: 'cutoffs', defaults: TREC_CUTOFFS },
      { name: 'relative_P', form: 'cutoffs', defaults: TREC_CUTOFFS, preset: 'relative=true' },
    ],
    ranx: [{ name: 'precision', cutoff: 'required' }],
    help: 'precision at k (relative: over min(k, R))',
  }),
  measure({ name: 'R', kernel: 'R', sd: true, cutoff: 'required', aliases: [{ name: 'Recall' }], params: [REL, JUDGED_ONLY], trec: [{ name: 'recall', form: 'cutoffs', defaults: TREC_CUTOFFS }], ranx: [{ name: 'recall', cutoff: 'required' }], help: 'recall at k (0 when R = 0)' }),
  measure({ name: 'F1', kernel: 'F1', sd: true, cutoff: 'required', ranx: [{ name: 'f1', cutoff: 'required' }], help: 'F1 at k: 2 rel@k / (k + R)' }),
  measure({
    name: 'AP',
    kernel: 'AP',
    sd: true,
    cutoff: 'optional',
    aliases: [{ name: 'MAP' }],
    params: [REL, NORM, JUDGED_ONLY],
    param: NORM,
    trec: [
      { name: 'map', form: 'plain' },
      { name: 'gm_map', form: 'plain', print: 'summary', aggregate: 'geometric' },
      { name: 'map_cut', form: 'cutoffs', defaults: TREC_CUTOFFS },
    ],
    ranx: [{ name: 'map', cutoff: 'optional' }],
    help: 'average precision',
  }),
  measure({ name: 'RR', kernel: 'RR', sd: true, cutoff: 'optional', aliases: [{ name: 'MRR' }], params: [REL, JUDGED_ONLY], trec: [{ name: 'recip_rank', form: 'plain' }], ranx: [{ name: 'mrr', cutoff: 'optional' }], help: 'reciprocal rank of the first relevant document' }),
  measure({
    name: 'DCG',
    kernel: 'DCG', sd: true,
    cutoff: 'optional',
    params: DCG_PARAMS,
    gainColumn: 'spec',
    trecLevel: false,
    trec: [{ name: 'dcg', form: 'pairs', params: trecGains }],
    ranx: [
      { name: 'dcg', cutoff: 'optional' },
      { name: 'dcg_burges', cutoff: 'optional', preset: 'gain=exp' },
    ],
    help: 'discounted cumulative gain, discount 1/log2(rank+1)',
  }),
  measure({
    name: 'nDCG',
    kernel: 'NDCG', sd: true,
    cutoff: 'optional',
    aliases: [{ name: 'NDCG' }],
    params: DCG_PARAMS,
    gainColumn: 'spec',
    constant: 'idealDcg',
    trecLevel: false,
    trec: [
      { name: 'ndcg', form: 'pairs', params: trecGains },
      { name: 'ndcg_cut', form: 'cutoffs', defaults: TREC_CUTOFFS },
    ],
    ranx: [
      { name: 'ndcg', cutoff: 'optional' },
      { name: 'ndcg_burges', cutoff: 'optional', preset: 'gain=exp' },
    ],
    help: 'DCG over the ideal DCG (0 when the ideal is 0)',
  }),
  measure({
    name: 'ideal_dcg',
    kernel: 'IDEAL_DCG', sd: true,
    cutoff: 'optional',
    params: [REL, GAIN, DCG, GAINS],
    gainColumn: 'spec',
    constant: 'idealDcg',
    trecLevel: false,
    trec: [{ name: 'ideal_dcg', form: 'pairs', params: trecGains }],
    help: 'the DCG of the judgements sorted by gain',
  }),
  measure({
    name: 'RBP',
    kernel: 'RBP', sd: true,
    cutoff: 'optional',
    params: [withDefault(REL, 0, 'integer >= 1 (default: graded, gain label / largest label)'), PERSISTENCE, RBP_GAIN],
    param: PERSISTENCE,
    gainColumn: 'graded',
    constant: 'maxLabel',
    trecLevel: false,
    trec: [{ name: 'rbp', form: 'pairs', params: trecPersistence, preset: 'p=0.9' }],
    ranx: [{ name: 'rbp', cutoff: 'none', preset: 'gain=label', persistence: true }],
    help: 'rank-biased precision: (1 - p) sum of gain p^(rank-1); gain label / largest judged label, or with rel 1 from rel on, or with gain=label the label (from rel on)',
  }),
  measure({
    name: 'rbp_resid',
    kernel: 'RBP_RESID', sd: true,
    cutoff: 'none',
    params: [withDefault(PERSISTENCE, 0.9)],
    param: withDefault(PERSISTENCE, 0.9),
    trecLevel: false,
    trec: [{ name: 'rbp_resid', form: 'pairs', params: trecPersistence }],
    help: "RBP's residual: the weight of the unjudged documents and of the ranks past the ranking",
  }),
  measure({
    name: 'SDCG',
    kernel: 'SDCG',
    sd: true,
    cutoff: 'required',
    params: [MIN_REL, MAX_REL],
    gainColumn: 'scaled',
    trecLevel: false,
    required: [['max_rel', '3']],
    check: cwlGains,
    help: "cwl_eval's scaled DCG: DCG@k of the gains (label clipped to [min_rel, max_rel], scaled to [0, 1]) over the DCG@k of k gains of 1",
  }),
  measure({
    name: 'INSQ',
    kernel: 'INSQ',
    sd: true,
    cutoff: 'none',
    params: [TOTAL, MIN_REL, MAX_REL],
    param: TOTAL,
    gainColumn: 'scaled',
    trecLevel: false,
    required: [['max_rel', '3']],
    check: cwlGains,
    help: "cwl_eval's INSQ: the gains (as SDCG's) weighed by 1/(j + 2T - 1)^2 over the first 1,000 ranks, normalised",
  }),
  measure({
    name: 'Rprec',
    kernel: 'RPREC', sd: true,
    cutoff: 'none',
    aliases: [{ name: 'RPrec' }],
    params: [REL, MULT, JUDGED_ONLY],
    param: MULT,
    depth: 'relevant',
    trec: [
      { name: 'Rprec', form: 'plain' },
      { name: 'Rprec_mult', form: 'levels', defaults: [0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2], levelParam: 'mult' },
    ],
    ranx: [{ name: 'r-precision', cutoff: 'none' }],
    help: 'precision at rank R (mult: at rank floor(mult R + 0.9))',
  }),
  measure({
    name: 'bpref',
    kernel: 'BPREF', sd: true,
    cutoff: 'none',
    aliases: [{ name: 'Bpref' }, { name: 'BPref' }],
    trec: [
      { name: 'bpref', form: 'plain' },
      { name: 'gm_bpref', form: 'plain', print: 'summary', aggregate: 'geometric' },
    ],
    ranx: [{ name: 'bpref', cutoff: 'none' }],
    help: "trec_eval's bpref (unjudged documents skipped)",
  }),
  measure({
    name: 'Success',
    kernel: 'SUCCESS', sd: true,
    cutoff: 'optional',
    params: [REL, JUDGED_ONLY],
    trec: [{ name: 'success', form: 'cutoffs', defaults: [1, 5, 10] }],
    ranx: [{ name: 'hit_rate', cutoff: 'optional' }],
    help: '1 if a relevant document is in the top k (without k: retrieved at all)',
  }),
  measure({
    name: 'ERR',
    kernel: 'ERR',
    cutoff: 'optional',
    params: [MAX_GRADE],
    param: MAX_GRADE,
    levelSpan: MAX_GRADE,
    trecLevel: false,
    help: 'expected reciprocal rank: a label l stops the reader with chance (2^min(l, max) - 1) / 2^max',
  }),
  measure({
    name: 'IPrec',
    kernel: 'IPREC',
    cutoff: 'recall',
    params: [REL, JUDGED_ONLY],
    trec: [{ name: 'iprec_at_recall', form: 'levels', defaults: ELEVEN_POINTS }],
    budget: { controls: IPREC_CONTROLS },
    help: 'interpolated precision at recall r: the best precision at or after the round(r R)-th relevant document',
  }),
  measure({
    name: '11pt_avg',
    kernel: 'IPREC_MEAN',
    cutoff: 'none',
    params: [REL, LEVELS, JUDGED_ONLY],
    extra: 'list',
    trec: [{ name: '11pt_avg', form: 'params', params: (values) => `levels={${values}}` }],
    budget: { controls: IPREC_CONTROLS },
    help: 'the mean interpolated precision at recall 0, 0.1, ..., 1 (or the given levels)',
  }),
  measure({ name: 'infAP', kernel: 'INFAP', cutoff: 'none', gainColumn: 'pool', trec: [{ name: 'infAP', form: 'plain' }], help: 'inferred AP: documents judged unjudged (label <= -2) are skipped, those the judgements lack count as not relevant' }),
  measure({ name: 'binG', kernel: 'BING', sd: true, cutoff: 'none', trec: [{ name: 'binG', form: 'plain' }], help: "trec_eval's binary G: each relevant document adds 1/log2(2 + the non-relevant above it), over R" }),
  measure({
    name: 'G',
    kernel: 'G',
    cutoff: 'none',
    params: TREC_GAIN_PARAMS,
    gainColumn: 'spec',
    needsOrder: true,
    constant: 'idealLevels',
    trecLevel: false,
    trec: [{ name: 'G', form: 'pairs', params: trecGains }],
    budget: { controls: [] },
    help: "trec_eval's G: gains discounted by the cost still missing from the ideal ranking",
  }),
  measure({
    name: 'ndcg_rel',
    kernel: 'NDCG_REL',
    cutoff: 'none',
    params: TREC_GAIN_PARAMS,
    gainColumn: 'spec',
    gainSpan: 3,
    constant: 'idealLevels',
    trecLevel: false,
    trec: [{ name: 'ndcg_rel', form: 'pairs', params: trecGains }],
    help: "trec_eval's ndcg_rel: nDCG at each relevant document, averaged over the ideal ranking's",
  }),
  measure({
    name: 'Rndcg',
    kernel: 'RNDCG',
    sd: true,
    cutoff: 'none',
    // trec_eval's Rndcg is 0 when no document reaches -l, though its gains stay the labels
    params: [REL, ...TREC_GAIN_PARAMS],
    gainColumn: 'labels',
    constant: 'idealLevels',
    trec: [{ name: 'Rndcg', form: 'pairs', params: trecGains }],
    help: "trec_eval's Rndcg: nDCG at each rank where the ideal ranking's gain changes, averaged",
  }),
  measure({
    name: 'Judged',
    kernel: 'JUDGED', sd: true,
    cutoff: 'optional',
    params: [],
    gainColumn: 'pool',
    trecLevel: false,
    help: 'the share of the top min(k, n) documents the judgements hold (any label)',
  }),
  measure({ name: 'unj', kernel: 'UNJ', sd: true, cutoff: 'required', params: [], trecLevel: false, trec: [{ name: 'unj', form: 'cutoffs', defaults: [5, 10, 20] }], help: "trec_eval's unj: unjudged documents in the top k, over k" }),
  measure({ name: 'NumQ', kernel: 'NUM_Q', sd: true, cutoff: 'none', params: [], aggregate: 'sum', trecLevel: false, trec: [{ name: 'num_q', form: 'plain', print: 'summary' }], help: 'the queries (1 each)' }),
  measure({
    name: 'NumRet',
    kernel: 'NUM_RET', sd: true,
    cutoff: 'optional',
    aliases: [{ name: 'NumRelRet', preset: 'rel=1' }],
    params: [ALL_OR_REL],
    param: ALL_OR_REL,
    aggregate: 'sum',
    trec: [
      { name: 'num_ret', form: 'plain' },
      { name: 'num_rel_ret', form: 'plain', preset: 'rel=1' },
    ],
    ranx: [{ name: 'hits', cutoff: 'optional', preset: 'rel=1' }],
    help: 'the documents retrieved (with rel: the relevant ones; @k: in the top k)',
  }),
  measure({ name: 'NumRel', kernel: 'NUM_REL', sd: true, cutoff: 'none', aggregate: 'sum', trec: [{ name: 'num_rel', form: 'plain' }], help: 'R, the relevant documents of the judgements' }),
  measure({
    name: 'num_nonrel_judged_ret',
    kernel: 'NUM_NONREL_RET', sd: true,
    cutoff: 'none',
    aggregate: 'sum',
    trec: [{ name: 'num_nonrel_judged_ret', form: 'plain' }],
    help: 'the judged non-relevant documents retrieved',
  }),
  measure({
    name: 'SetP',
    kernel: 'SET_P', sd: true,
    cutoff: 'none',
    aliases: [{ name: 'SetRelP', preset: 'relative=true' }],
    params: [REL, RELATIVE, JUDGED_ONLY],
    param: RELATIVE,
    trec: [
      { name: 'set_P', form: 'plain' },
      { name: 'set_relative_P', form: 'plain', preset: 'relative=true' },
    ],
    ranx: [{ name: 'precision', cutoff: 'none' }],
    help: 'relevant retrieved / retrieved (relative: over min(retrieved, R))',
  }),
  measure({ name: 'SetR', kernel: 'SET_R', sd: true, cutoff: 'none', trec: [{ name: 'set_recall', form: 'plain' }], ranx: [{ name: 'recall', cutoff: 'none' }], help: 'relevant retrieved / R' }),
  measure({
    name: 'SetF',
    kernel: 'SET_F', sd: true,
    cutoff: 'none',
    params: [REL, BETA],
    param: BETA,
    trec: [{ name: 'set_F', form: 'params', params: (values) => `beta=${values.split(',')[0]}` }],
    ranx: [{ name: 'f1', cutoff: 'none' }],
    help: '(beta + 1) SetP SetR / (beta SetP + SetR)',
  }),
  measure({ name: 'SetAP', kernel: 'SET_AP', sd: true, cutoff: 'none', trec: [{ name: 'set_map', form: 'plain' }], help: 'SetP × SetR' }),
  measure({
    name: 'utility',
    kernel: 'UTILITY', sd: true,
    cutoff: 'none',
    params: [REL, UTILITY.a, UTILITY.b, UTILITY.c, UTILITY.d, DOCS],
    extra: 'utility',
    trec: [
      {
        name: 'utility',
        form: 'params',
        params(values) {
          const v = values.split(',');
          return v.length === 4 ? `a=${v[0]},b=${v[1]},c=${v[2]},d=${v[3]}` : undefined;
        },
      },
    ],
    help: 'a relevant retrieved + b non-relevant retrieved + c relevant missed + d non-relevant missed (of docs in the collection)',
  }),
] as const satisfies readonly MeasureEntry[];

/** The kind codes by kernel name (`Kind.AP`): a measure's index in MEASURES, the number the kernels switch on. */
export const Kind = Object.fromEntries(MEASURES.map((m, i) => [m.kernel, i])) as { readonly [K in (typeof MEASURES)[number]['kernel']]: number };
export type Kind = number;

/** How many kinds there are: in sd mode evaluateQuery's dispatch reads a measure's spread at its kind plus this. */
export const KIND_COUNT = MEASURES.length;

/** The measure a name or alias stands for (exact spelling) and the parameters the alias implies, or undefined. */
export function findMeasure(name: string): { readonly measure: MeasureEntry; readonly preset: string } | undefined {
  for (const m of MEASURES as readonly MeasureEntry[]) {
    if (m.name === name) return { measure: m, preset: '' };
    const alias = m.aliases.find((a) => a.name === name);
    if (alias !== undefined) return { measure: m, preset: alias.preset ?? '' };
  }
  return undefined;
}

/**
 * One line per measure, for errors and help: `AP(rel=integer >= 1, norm=R|min|found)[@k]:
 * average precision [trec_eval: map, gm_map, map_cut.k]`.
 */
export function describeMeasures(): string {
  return MEASURES.map((m: MeasureEntry) => {
    const params = m.params.map((p) => `${p.name}=${p.values}`).join(', ');
    const cut = { required: '@k', optional: '[@k]', none: '', recall: '@r' }[m.cutoff];
    const trec = m.trec.map((t) => (t.form === 'cutoffs' ? `${t.name}.k` : t.name)).join(', ');
    return `  ${m.name}${params === '' ? '' : `(${params})`}${cut}: ${m.help}${trec === '' ? '' : ` [trec_eval: ${trec}]`}`;
  }).join('\n');
}
