import { diversityKindOf, type DiversityKind } from '../measures/diversityNames.js';
import { MeasureNameError, splitOutsideBraces } from '../measures/parse.js';

/** The measures of ndeval 4.5 (TREC's novelty and diversity evaluation), by their ndeval names. */
export type { DiversityKind } from '../measures/diversityNames.js';

/** A parsed diversity measure: its kind, cut-off (0: none) and parameters, and the name it prints under. */
export interface DiversityMeasure {
  readonly name: string;
  readonly kind: DiversityKind;
  readonly cutoff: number;
  /** redundancy intolerance, 0 to 1 (ndeval's -alpha, default 0.5): each earlier document relevant to a subtopic multiplies its gain by 1 - alpha */
  readonly alpha: number;
  /** NRBP's patience, 0 to 1 (ndeval's -beta, default 0.5) */
  readonly beta: number;
}

/** Per kind: whether it takes @k, and which parameters. */
const KINDS: Readonly<Record<DiversityKind, { readonly cutoff: boolean; readonly params: readonly ('alpha' | 'beta')[] }>> = {
  'ERR-IA': { cutoff: true, params: ['alpha'] },
  'nERR-IA': { cutoff: true, params: ['alpha'] },
  'alpha-DCG': { cutoff: true, params: ['alpha'] },
  'alpha-nDCG': { cutoff: true, params: ['alpha'] },
  NRBP: { cutoff: false, params: ['alpha', 'beta'] },
  nNRBP: { cutoff: false, params: ['alpha', 'beta'] },
  'MAP-IA': { cutoff: false, params: [] },
  'P-IA': { cutoff: true, params: [] },
  strec: { cutoff: true, params: [] },
};

/** ndeval's 21 columns, in its order: what `ndeval` means as a measure name. */
export const NDEVAL_COLUMNS: readonly string[] = ['ERR-IA@5', 'ERR-IA@10', 'ERR-IA@20', 'nERR-IA@5', 'nERR-IA@10', 'nERR-IA@20', 'alpha-DCG@5', 'alpha-DCG@10', 'alpha-DCG@20', 'alpha-nDCG@5', 'alpha-nDCG@10', 'alpha-nDCG@20', 'NRBP', 'nNRBP', 'MAP-IA', 'P-IA@5', 'P-IA@10', 'P-IA@20', 'strec@5', 'strec@10', 'strec@20'];

const DEFAULT = { alpha: 0.5, beta: 0.5 };

/** The deepest cut-off (2^20): the kernels keep each sum through its cut-off, six runs of it per (alpha, beta). */
const MOST_CUTOFF = 2 ** 20;

/**
 * Parses a diversity measure name: ndeval's (`alpha-nDCG@10`, `ERR-IA@20`, `NRBP`, `MAP-IA`,
 * `strec@5`) or ir_measures' (`alpha_nDCG@10`, `ERR_IA@20`, `AP_IA`, `P_IA@10`, `StRecall@10`),
 * any cut-off, with parameters in parentheses: `alpha_nDCG(alpha=0.7)@10`, `NRBP(alpha=0.5,beta=0.8)`.
 * It prints under ndeval's name, with the parameters that differ from ndeval's defaults.
 * @example parseDiversityMeasure('alpha_nDCG(alpha=0.7)@10').name // 'alpha-nDCG(alpha=0.7)@10'
 * @throws MeasureNameError for another name, a missing or extra cut-off, or a parameter out of range
 */
export function parseDiversityMeasure(name: string): DiversityMeasure {
  const match = /^([A-Za-z_-]+)(?:\(([^)]*)\))?(?:@([0-9]+))?$/.exec(name.trim());
  const kind = match === null ? undefined : diversityKindOf(match[1]!);
  if (match === null || kind === undefined) throw new MeasureNameError(name, `not a diversity measure (${Object.keys(KINDS).join(', ')}, or ndeval)`);
  const rule = KINDS[kind];
  const cutoff = match[3] === undefined ? 0 : Number(match[3]);
  if (rule.cutoff && !(cutoff >= 1 && cutoff <= MOST_CUTOFF)) throw new MeasureNameError(name, `${kind} takes a cut-off from 1 to ${MOST_CUTOFF.toLocaleString('en')}, e.g. ${kind}@10`);
  if (!rule.cutoff && match[3] !== undefined) throw new MeasureNameError(name, `${kind} takes no cut-off`);
  const params = { ...DEFAULT };
  for (const part of match[2] === undefined || match[2].trim() === '' ? [] : match[2].split(',')) {
    const [key, value] = part.split('=').map((s) => s.trim());
    if (key !== 'alpha' && key !== 'beta') throw new MeasureNameError(name, `unknown parameter '${key}' (${rule.params.join(', ') || 'none'})`);
    if (!rule.params.includes(key)) throw new MeasureNameError(name, `${kind} takes no ${key}`);
    const x = value === undefined || value === '' ? NaN : Number(value);
    if (!(x >= 0 && x <= 1)) throw new MeasureNameError(name, `${key} must be a number from 0 to 1, not ${value}`);
    params[key] = x;
  }
  const shown = rule.params.filter((p) => params[p] !== DEFAULT[p]).map((p) => `${p}=${params[p]}`);
  const printed = `${kind}${shown.length > 0 ? `(${shown.join(',')})` : ''}${rule.cutoff ? `@${cutoff}` : ''}`;
  return { name: printed, kind, cutoff, alpha: params.alpha, beta: params.beta };
}

/** The measures `names` ask for (each a name or a comma list: commas inside parentheses stay), `ndeval` expanded to its 21 columns, each once, in order. */
export function parseDiversityMeasures(names: readonly string[]): DiversityMeasure[] {
  const out = new Map<string, DiversityMeasure>();
  const listed = names.flatMap((n) => splitOutsideBraces(n).map((part) => part.trim()));
  for (const name of listed.flatMap((n) => (n === 'ndeval' ? NDEVAL_COLUMNS : [n]))) {
    const measure = parseDiversityMeasure(name);
    if (!out.has(measure.name)) out.set(measure.name, measure);
  }
  return [...out.values()];
}
