import { formatMeasure } from './format.js';
import { MeasureNameError, parseMeasure } from './parse.js';
import { MEASURES, type MeasureEntry, type TrecSpelling } from './table.js';

/** A measure as a caller asked for it: the label it prints and the name it evaluates. */
export interface MeasureRequest {
  /** printed as written for ir_measures names; trec_eval's own spelling for its names (P_5, map_cut_10) */
  readonly label: string;
  /** the ir_measures name evaluated, with the relevance level applied */
  readonly name: string;
}

/** The default measure set. */
export const DEFAULT_MEASURES = ['AP', 'RR', 'P@10', 'R@100', 'nDCG@10', 'nDCG'];

/** trec_eval's spellings (the table's `trec` entries) by name. */
const TREC = new Map<string, { measure: MeasureEntry; spelling: TrecSpelling }>(
  MEASURES.flatMap((measure: MeasureEntry) => measure.trec.map((spelling) => [spelling.name, { measure, spelling }] as const)),
);

/**
 * Expands one measure argument (comma lists allowed) into measures. ir_measures names are kept
 * as written; trec_eval's names (the table's `trec` spellings) are aliases: `map`,
 * `map_cut.10`, `P.5,10`, `recip_rank`, `ndcg`, `ndcg_cut.10`, `Rprec`, `bpref`, `success.1`,
 * `recall.100` (also `P_5`, and `P` alone for trec_eval's default cut-offs). `relLevel` (-l)
 * becomes the relevance level of every measure that does not set one and whose `trecLevel`
 * says so (not DCG and nDCG, whose gains are the labels, as in trec_eval).
 * @throws MeasureNameError for a name that is neither
 */
export function expandMeasures(arg: string, relLevel: number): MeasureRequest[] {
  const name = arg.trim();
  const trec = /^([A-Za-z_]+?)(?:[._](\d+(?:,\d+)*))?$/.exec(name);
  const known = trec === null ? undefined : TREC.get(trec[1]!);
  if (known !== undefined && (trec![2] === undefined || known.spelling.cutoffs !== undefined)) {
    const { measure, spelling } = known;
    if (spelling.cutoffs === undefined) return [withLevel(name, measure.name, relLevel)];
    const cutoffs = trec![2] === undefined ? spelling.cutoffs : trec![2].split(',').map(Number);
    return cutoffs.map((k) => withLevel(`${spelling.name}_${k}`, `${measure.name}@${k}`, relLevel));
  }
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

function withLevel(label: string, name: string, relLevel: number): MeasureRequest {
  const spec = parseMeasure(name);
  if (relLevel === 1 || spec.rel !== 1 || !spec.measure.trecLevel) return { label, name };
  return { label, name: formatMeasure({ ...spec, rel: relLevel }) };
}
