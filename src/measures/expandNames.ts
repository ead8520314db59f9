import { formatMeasure } from './format.js';
import { MeasureNameError, parseMeasure, splitOutsideBraces, type MeasureSpec } from './parse.js';
import { fromRanx } from './ranxNames.js';
import { MEASURES, type MeasureEntry, type TrecSpelling } from './table.js';

/** A measure as a caller asked for it: the label it prints and what it evaluates. */
export interface MeasureRequest {
  /** printed as written for ir_measures names; trec_eval's own spelling for its names (P_5, map_cut_10) */
  readonly label: string;
  /**
   * The label, unless another measure of the same call prints the same label (trec_eval prints
   * Rprec_mult.0.12 and .0.125 both as Rprec_mult_0.12): then the name evaluated. Unique in a
   * call (see requestMeasures): JSON keys, CSV columns, tables.
   */
  readonly key: string;
  /** the measure name evaluated, with the relevance level applied ('' for runid and relstring) */
  readonly name: string;
  /** where it prints: per query and in the summary, or only one of them (num_q, gm_map: summary; relstring: per query) */
  readonly print: 'both' | 'summary' | 'query';
  /** how the summary combines the queries: mean, sum (counts), or geometric mean (gm_map, gm_bpref) */
  readonly aggregate: 'mean' | 'sum' | 'geometric';
  /** its place in trec_eval's own measure table (trec_eval prints in that order); ir_measures names after them */
  readonly order: number;
  /** a text, not a number: the run's id, or the first `length` relevance characters of each query */
  readonly text?: { readonly kind: 'runid' } | { readonly kind: 'relstring'; readonly length: number };
}

/** The default measure set. */
export const DEFAULT_MEASURES = ['AP', 'RR', 'P@10', 'R@100', 'nDCG@10', 'nDCG'];

/** trec_eval 10.0's measure table, in its order: the order it prints measures in. */
export const TREC_ORDER = [
  'runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'map', 'gm_map', 'Rprec', 'bpref', 'recip_rank', 'iprec_at_recall', 'P', 'relstring',
  'recall', 'infAP', 'gm_bpref', 'Rprec_mult', 'utility', '11pt_avg', 'binG', 'G', 'dcg', 'ideal_dcg', 'ndcg', 'ndcg_rel', 'Rndcg', 'ndcg_cut',
  'map_cut', 'relative_P', 'success', 'set_P', 'set_relative_P', 'set_recall', 'set_map', 'set_F', 'num_nonrel_judged_ret', 'rbp', 'rbp_resid', 'unj',
];

/** trec_eval's nicknames for sets of its measures. */
export const TREC_NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  official: ['runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'map', 'gm_map', 'Rprec', 'bpref', 'recip_rank', 'iprec_at_recall', 'P'],
  set: ['runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'utility', 'set_P', 'set_recall', 'set_relative_P', 'set_map', 'set_F'],
  all_trec: [
    'runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'map', 'gm_map', 'Rprec', 'bpref', 'recip_rank', 'iprec_at_recall', 'P', 'relstring',
    'recall', 'unj', 'rbp', 'rbp_resid', 'infAP', 'gm_bpref', 'utility', '11pt_avg', 'ndcg', 'relative_P', 'Rprec_mult', 'success', 'map_cut',
    'ndcg_cut', 'ndcg_rel', 'Rndcg', 'binG', 'G', 'set_P', 'set_recall', 'set_relative_P', 'set_map', 'set_F', 'num_nonrel_judged_ret',
  ],
};

/** trec_eval's spellings (the table's `trec` entries) by name. */
const TREC = new Map<string, { measure: MeasureEntry; spelling: TrecSpelling }>(
  MEASURES.flatMap((measure: MeasureEntry) => measure.trec.map((spelling) => [spelling.name, { measure, spelling }] as const)),
);

/** The part of a text C's atol reads: optional sign and digits (`23.4` is 23, `x` is 0). */
const atol = (text: string): number => Number(/^\s*[-+]?[0-9]*/.exec(text)![0].replace(/^\s*[-+]?$/, '0'));

/** The part of a text C's atof reads (`.25` is 0.25, `x` is 0). */
const atof = (text: string): number => {
  const m = /^\s*[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/.exec(text);
  return m === null ? 0 : Number(m[0]);
};

/**
 * A number as C's `%3.2f` prints it (trec_eval's names of levels: iprec_at_recall_0.50): the
 * exact binary value rounded half to even, where toFixed rounds exact halves up.
 */
export function fixed2(value: number): string {
  const scaled = value * 100;
  if (Number.isInteger(scaled * 2) && !Number.isInteger(scaled)) {
    const lower = Math.floor(scaled);
    return ((lower % 2 === 0 ? lower : lower + 1) / 100).toFixed(2);
  }
  return value.toFixed(2);
}

/** A request for `name`; `aggregate` overrides the spelling's and the measure's (ranx averages every metric). */
function request(label: string, name: string, spelling: TrecSpelling | undefined, order: number, relLevel: number, aggregate?: 'mean'): MeasureRequest {
  const spec = parseMeasure(name);
  const leveled = relLevel === 1 || spec.rel !== 1 || !spec.measure.trecLevel ? name : formatMeasure({ ...spec, rel: relLevel });
  const summary: MeasureRequest['aggregate'] = aggregate ?? spelling?.aggregate ?? spec.measure.aggregate;
  return { label, key: label, name: leveled, print: spelling?.print === undefined ? 'both' : spelling.print, aggregate: summary, order };
}

/** The tie-eval name of a trec spelling with tie-eval parameters `params` (comma separated) and an `@` value. */
function named(measure: MeasureEntry, params: readonly string[], at?: number): string {
  const list = params.filter((p) => p !== '');
  return `${measure.name}${list.length > 0 ? `(${list.join(',')})` : ''}${at === undefined ? '' : `@${at}`}`;
}

/** One trec_eval name with its parameters written after the first dot (`P.5,10`), or a nickname. */
function expandTrec(name: string, values: string | undefined, relLevel: number): MeasureRequest[] | undefined {
  const order = TREC_ORDER.indexOf(name);
  if (name === 'runid') return [{ label: 'runid', key: 'runid', name: '', print: 'summary', aggregate: 'mean', order, text: { kind: 'runid' } }];
  if (name === 'relstring') {
    const length = values === undefined ? 10 : Math.trunc(atof(values));
    const label = values === undefined ? 'relstring' : `relstring_${values}`;
    return [{ label, key: label, name: '', print: 'query', aggregate: 'mean', order, text: { kind: 'relstring', length } }];
  }
  const nickname = TREC_NICKNAMES[name];
  if (nickname !== undefined) return nickname.flatMap((n) => expandTrec(n, undefined, relLevel)!);
  const known = TREC.get(name);
  if (known === undefined) return undefined;
  const { measure, spelling } = known;
  const preset = spelling.preset === undefined ? [] : [spelling.preset];
  const bad = (reason: string): never => {
    throw new MeasureNameError(`${name}.${values}`, reason);
  };
  switch (spelling.form) {
    case 'plain':
      if (values !== undefined) bad(`${name} takes no parameters`);
      return [request(name, named(measure, preset), spelling, order, relLevel)];
    case 'cutoffs': {
      // trec_eval reads each with atol and sorts them; a cut-off below 1 or given twice is an error
      const cutoffs = values === undefined ? [...spelling.defaults!] : values.split(',').map(atol).sort((a, b) => a - b);
      if (cutoffs[0]! <= 0) bad('a cut-off must be a positive integer');
      if (cutoffs.some((k, i) => i > 0 && k === cutoffs[i - 1])) bad('a cut-off is given twice');
      return cutoffs.map((k) => request(`${name}_${k}`, named(measure, preset, k), spelling, order, relLevel));
    }
    case 'levels': {
      // read with atof and sorted; a level given twice is an error
      const levels = values === undefined ? [...spelling.defaults!] : values.split(',').map(atof).sort((a, b) => a - b);
      if (levels.some((x, i) => i > 0 && x === levels[i - 1])) bad('a level is given twice');
      return levels.map((x) => {
        const label = `${name}_${fixed2(x)}`;
        return request(label, spelling.levelParam === undefined ? named(measure, preset, x) : named(measure, [...preset, `${spelling.levelParam}=${x}`]), spelling, order, relLevel);
      });
    }
    default: {
      // a parameter list or name=value pairs, printed as written
      const params = values === undefined ? preset : [spelling.params!(values) ?? bad(`'${values}' is not a valid parameter list for ${name}`)];
      return [request(values === undefined ? name : `${name}_${values}`, named(measure, params), spelling, order, relLevel)];
    }
  }
}

/** A name as trec_eval prints one of its measures with parameters (`set_F_0.5`: `set_F.0.5`), else undefined. */
function printedTrec(name: string, relLevel: number): MeasureRequest[] | undefined {
  const cut = name.lastIndexOf('_');
  if (cut <= 0) return undefined;
  const base = name.slice(0, cut);
  if (base !== 'relstring' && (TREC.get(base)?.spelling.form ?? 'plain') === 'plain') return undefined;
  try {
    return expandTrec(base, name.slice(cut + 1), relLevel);
  } catch (error) {
    // not parameters of that measure: the name is read as any other
    if (error instanceof MeasureNameError) return undefined;
    throw error;
  }
}

/**
 * Expands one measure argument (comma lists allowed) into measures. ir_measures names are kept
 * as written; trec_eval's names (the table's `trec` spellings) take their parameters after the
 * first dot as trec_eval does: `map`, `P.5,10` (cut-offs, sorted, printed `P_5` and `P_10`; also
 * as printed, after the last underscore: `P_5`, `set_F_0.5`, `ndcg_1=0,2=1`; `P` alone means trec_eval's default cut-offs), `iprec_at_recall.0.2,0.5`,
 * `Rprec_mult.0.5`, `utility.2,-1,0,0`, `ndcg.1=0,2=1`, `set_F.0.5`, `relstring.20`; the nicknames
 * `official`, `set` and `all_trec` stand for trec_eval's sets. ranx's names (`ndcg@10`, `map@100`,
 * `mrr`, `hits@5`, `rbp.8`, `-l2`; see fromRanx) are kept as written, their means arithmetic as
 * ranx's; a bare name trec_eval also has (`map`, `ndcg`, `recall`) is trec_eval's. `relLevel` (-l) becomes the
 * relevance level of every measure that does not set one and whose `trecLevel` says so (not
 * those whose gains are the labels, as in trec_eval).
 * @throws MeasureNameError for a name that is neither
 */
export function expandMeasures(arg: string, relLevel: number): MeasureRequest[] {
  const name = arg.trim();
  const dot = name.indexOf('.');
  const base = dot < 0 ? name : name.slice(0, dot);
  const ranx = fromRanx(name);
  let trec: MeasureRequest[] | undefined;
  try {
    trec = expandTrec(base, dot < 0 ? undefined : name.slice(dot + 1), relLevel);
  } catch (error) {
    // rbp.95 is ranx's, where trec_eval's rbp takes p=0.95
    if (!(error instanceof MeasureNameError) || ranx === undefined) throw error;
  }
  if (trec !== undefined) return trec;
  // P_5, iprec_at_recall_0.50, set_F_0.5, ndcg_1=0,2=1, relstring_5: the parameters after the
  // last underscore of a trec_eval name, as trec_eval prints them (pytrec_eval keys results so)
  const printed = printedTrec(name, relLevel);
  if (printed !== undefined) return printed;
  // a list: commas outside parentheses and braces separate names
  const parts = splitOutsideBraces(name);
  if (parts.length > 1) {
    const names = parts.map((p) => p.trim()).filter((p) => p !== '');
    // a list of nothing (`-m ,`) would evaluate nothing and print nothing
    if (names.length === 0) throw new MeasureNameError(arg, 'no measure name given');
    return names.flatMap((p) => expandMeasures(p, relLevel));
  }
  if (name === '') throw new MeasureNameError(arg, 'no measure name given');
  if (ranx !== undefined) return [request(name, ranx, undefined, TREC_ORDER.length, relLevel, 'mean')];
  return [request(name, name, undefined, TREC_ORDER.length, relLevel)];
}

/**
 * The measures of a call's arguments (see expandMeasures), each once: a request repeated (the
 * same label evaluating the same measure, as `official` and `map`) is listed once, as trec_eval
 * lists it; two measures trec_eval prints under one label both stay, and get distinct keys.
 * @throws MeasureNameError for a name that is none
 */
export function requestMeasures(args: readonly string[], relLevel: number): MeasureRequest[] {
  const seen = new Set<string>();
  const requests = args.flatMap((arg) => expandMeasures(arg, relLevel)).filter((r) => {
    const id = `${r.label}\u0000${r.name}\u0000${r.text?.kind === 'relstring' ? r.text.length : ''}`;
    return !seen.has(id) && seen.add(id);
  });
  const byLabel = new Map<string, number>();
  for (const r of requests) byLabel.set(r.label, (byLabel.get(r.label) ?? 0) + 1);
  const keys = new Map<string, number>();
  return requests.map((r) => {
    const base = byLabel.get(r.label)! > 1 && r.name !== '' ? r.name : r.label;
    // a name that is also another request's label: numbered
    const n = (keys.get(base) ?? 0) + 1;
    keys.set(base, n);
    return { ...r, key: n === 1 ? base : `${base} #${n}` };
  });
}

/**
 * Parses one measure name as the API takes it: an ir_measures name (see parseMeasure), or one
 * value trec_eval prints, under the name it prints it (`map`, `P_5`, `ndcg_cut_10`,
 * `iprec_at_recall_0.50`, `Rprec_mult_0.20`, `gm_map`, whose mean is then geometric). The spec
 * keeps the name as written.
 * @example parseAnyMeasure('P_5').cutoff // 5
 * @throws MeasureNameError for a name that is neither (or that stands for several values, as `P`)
 */
export function parseAnyMeasure(name: string): MeasureSpec {
  try {
    return parseMeasure(name);
  } catch (error) {
    if (!(error instanceof MeasureNameError)) throw error;
    let requests: MeasureRequest[];
    try {
      requests = expandMeasures(name, 1);
    } catch {
      throw error;
    }
    const [one] = requests;
    if (requests.length !== 1 || one!.text !== undefined || one!.name === name.trim()) throw error;
    return { ...parseMeasure(one!.name), name, geometric: one!.aggregate === 'geometric' };
  }
}
