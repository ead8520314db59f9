import { Kind } from '../measures/catalog.js';
import { formatMeasure } from '../measures/format.js';
import { MeasureNameError, parseMeasure } from '../measures/parse.js';

/** A measure as the command line asked for it: the label it prints and the name it evaluates. */
export interface CliMeasure {
  /** printed as written for ir_measures names; trec_eval's own spelling for its names (P_5, map_cut_10) */
  readonly label: string;
  /** the ir_measures name evaluated, with the -l relevance level applied */
  readonly name: string;
}

/** The default measure set. */
export const DEFAULT_MEASURES = ['AP', 'RR', 'P@10', 'R@100', 'nDCG@10', 'nDCG'];

/** trec_eval's default cut-offs for P, recall, ndcg_cut and map_cut. */
const TREC_CUTOFFS = [5, 10, 15, 20, 30, 100, 200, 500, 1000];

/** trec_eval names with cut-offs: `P.5,10` (or `P_5`), and the ir_measures measure each means. */
const TREC_CUT: Record<string, { base: string; defaults: number[] }> = {
  P: { base: 'P', defaults: TREC_CUTOFFS },
  recall: { base: 'R', defaults: TREC_CUTOFFS },
  map_cut: { base: 'AP', defaults: TREC_CUTOFFS },
  ndcg_cut: { base: 'nDCG', defaults: TREC_CUTOFFS },
  success: { base: 'Success', defaults: [1, 5, 10] },
};
const TREC_PLAIN: Record<string, string> = { map: 'AP', recip_rank: 'RR', ndcg: 'nDCG', Rprec: 'Rprec', bpref: 'bpref' };

/**
 * Expands one -m argument (comma lists allowed) into measures. ir_measures names are kept as
 * written; trec_eval names are aliases: `map`, `map_cut.10`, `P.5,10`, `recip_rank`, `ndcg`,
 * `ndcg_cut.10`, `Rprec`, `bpref`, `success.1`, `recall.100` (also `P_5`, and `P` alone for
 * trec_eval's default cut-offs). `relLevel` (-l) becomes the relevance level of every measure
 * that does not set one, except DCG and nDCG, whose gains are the labels (as in trec_eval).
 * @throws MeasureNameError for a name that is neither
 */
export function expandMeasures(arg: string, relLevel: number): CliMeasure[] {
  const name = arg.trim();
  const trec = /^(P|recall|map_cut|ndcg_cut|success)(?:[._](\d+(?:,\d+)*))?$/.exec(name);
  if (trec !== null) {
    const { base, defaults } = TREC_CUT[trec[1]!]!;
    const cutoffs = trec[2] === undefined ? defaults : trec[2].split(',').map(Number);
    return cutoffs.map((k) => withLevel(`${trec[1]}_${k}`, `${base}@${k}`, relLevel));
  }
  if (TREC_PLAIN[name] !== undefined) return [withLevel(name, TREC_PLAIN[name]!, relLevel)];
  // a list: commas outside parentheses separate names
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= name.length; i++) {
    if (name[i] === '(') depth++;
    else if (name[i] === ')') depth--;
    else if (i === name.length || (name[i] === ',' && depth === 0)) {
      parts.push(name.slice(from, i).trim());
      from = i + 1;
    }
  }
  if (parts.length > 1) return parts.filter((p) => p !== '').flatMap((p) => expandMeasures(p, relLevel));
  if (name === '') throw new MeasureNameError(arg, 'no measure name given');
  return [withLevel(name, name, relLevel)];
}

function withLevel(label: string, name: string, relLevel: number): CliMeasure {
  const spec = parseMeasure(name);
  if (relLevel === 1 || spec.rel !== 1 || spec.kind === Kind.DCG || spec.kind === Kind.NDCG) return { label, name };
  return { label, name: formatMeasure({ ...spec, rel: relLevel }) };
}
