import { isDiversityName } from './diversityNames.js';
import { Gain } from './codes.js';
import { PARAMS, parseDecimal, parsePositiveInteger, type ListParamEntry, type ParamEntry, type ParamName } from './params.js';
import { MEASURES, findMeasure, type Kind, type MeasureEntry } from './table.js';
import { nearestName } from './nearestName.js';

/** A measure name turned into numbers: what every backend computes. */
export type MeasureSpec = {
  /** The name exactly as the caller wrote it: the key of the result. */
  readonly name: string;
  /** The measure's row of the table. */
  readonly measure: MeasureEntry;
  readonly kind: Kind;
  /** Cut-off k, or 0 for none (the whole ranking); for IPrec, the recall level r of `@r`. */
  readonly cutoff: number;
  /** The value of the measure's list parameter (gains, levels), else empty. */
  readonly list: readonly number[];
  /** Its mean over queries is geometric: trec_eval's gm_map and gm_bpref (over max(value, 0.00001)). */
  readonly geometric: boolean;
} & {
  /**
   * Every scalar parameter of the table (src/measures/params.ts), the measure's default where
   * the name does not set it: `rel` (relevance level: relevant when label >= rel; 0 where the
   * measure reads graded labels), `gain` (the gain code), `norm` (AP's denominator code), `p`
   * (persistence), `judged_only`, `relative`, `mult`, `beta`, `max`, utility's `a`..`d` and `docs`.
   */
  readonly [P in ParamName]: number;
};

/** Thrown for a measure name the parser does not accept; the message lists the valid names. */
export class MeasureNameError extends Error {
  constructor(name: string, reason: string) {
    // a name near a known one (mapp, recip_rnk) gets it suggested; a known name with a bad cut-off or parameter does not
    const base = name.trim().split(/[(@.]/)[0]!;
    const near = nearestName(name);
    const suggestion = near !== undefined && near !== base ? ` (did you mean ${near}?)` : '';
    super(`unknown measure '${name}': ${reason}${suggestion}\nevery measure and its parameters: tie-eval --help, docs/names.md (each tool's names) and docs/measures.md; e.g. P@10, AP(norm=found)@5, nDCG(gain=exp)@10, map, P.5,10, ndcg_cut.10`);
    this.name = 'MeasureNameError';
  }
}

const SYNTAX = /^([A-Za-z0-9][A-Za-z0-9_]*)(?:\(([^()]*)\))?(?:@(.*))?$/;

/** Every parameter at its global default. */
const DEFAULTS = Object.fromEntries(Object.entries(PARAMS).map(([key, p]) => [key, p.default])) as Record<ParamName, number>;

/** Splits at the commas outside braces: `gains={1:0,2:1},rel=2` is two parts. */
export function splitOutsideBraces(text: string, at = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') depth--;
    else if (i === text.length || (c === at && depth === 0)) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  return parts;
}

const isList = (p: ParamEntry | ListParamEntry): p is ListParamEntry => !('default' in p);

/**
 * Parses an ir_measures-style name: `NAME(param=value,...)@k`, e.g. `P@10`, `P(rel=2)@5`,
 * `nDCG(gain=exp)@10`, `nDCG(dcg=exp-log2)@10` (or ir_measures' `nDCG(dcg='exp-log2')@10`: a value
 * may be quoted), `nDCG(gains={0:0,1:1,2:3})`, `AP(norm=found)@5`, `P(judged_only=True)@10`,
 * `RBP(p=0.9)`, `Rprec`, `bpref`, `Success@1`, `IPrec@0.5`, `ERR@20`; aliases (`MAP`, `MRR`,
 * `NDCG`, `NumRelRet`) stand for their measure with the parameters they imply.
 * Parameter defaults: rel=1 (RBP: graded; NumRet: every document), norm=R, gain=linear, p=0.8.
 * @throws MeasureNameError for an unknown name or parameter, a bad value, or a cut-off that is
 *   missing (P, R, F1, Success, IPrec), not allowed (Rprec, bpref) or not a positive integer
 *   (for IPrec, not a recall level from 0 to 1)
 */
export function parseMeasure(name: string): MeasureSpec {
  // no measure of the table has one of ndeval's names
  if (isDiversityName(name)) throw new MeasureNameError(name, `a diversity measure (ndeval's), read from subtopic qrels: the main command and evaluateRuns take it in average, trec, input or sd ties, compare in the first three; tie-eval diversity and evaluateDiversity too (docs/diversity.md)`);
  const m = SYNTAX.exec(name.trim());
  if (m === null) throw new MeasureNameError(name, 'expected NAME, NAME@k or NAME(param=value,...)@k');
  const [, base = '', paramText, cutText] = m;
  const found = findMeasure(base);
  if (found === undefined) throw new MeasureNameError(name, `no measure is called '${base}'`);
  const info = found.measure;

  let cutoff = 0;
  if (cutText !== undefined) {
    if (info.cutoff === 'none') throw new MeasureNameError(name, `${info.name} takes no cut-off`);
    if (info.cutoff === 'recall') {
      const r = parseDecimal(cutText);
      if (!(r >= 0 && r <= 1)) throw new MeasureNameError(name, `recall level '${cutText}' is not a number from 0 to 1`);
      cutoff = r;
    } else {
      const k = parsePositiveInteger(cutText);
      // the kernels keep cut-offs as uint32
      if (k === undefined || k > 0xffffffff) throw new MeasureNameError(name, `cut-off '${cutText}' is not a positive integer up to ${0xffffffff}`);
      cutoff = k;
    }
  } else if (info.cutoff === 'required' || info.cutoff === 'recall') {
    throw new MeasureNameError(name, `${info.name} needs ${info.cutoff === 'recall' ? 'a recall level, e.g. IPrec@0.5' : `a cut-off, e.g. ${info.name}@10`}`);
  }

  const values = { ...DEFAULTS };
  for (const p of info.params) if (!isList(p)) values[(p.field ?? p.name) as ParamName] = p.default;
  let list: readonly number[] = info.params.find(isList)?.defaultList ?? [];
  const seen = new Set<string>();
  // an alias's parameters first; the name's own may set them again
  const presets = found.preset === '' ? [] : splitOutsideBraces(found.preset);
  const parts = [...presets, ...(paramText === undefined || paramText.trim() === '' ? [] : splitOutsideBraces(paramText))];
  for (const [i, part] of parts.entries()) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    // ir_measures writes string values quoted (dcg='exp-log2'): quotes or none read the same
    const value = (eq < 0 ? '' : part.slice(eq + 1).trim()).replace(/^(['"])(.*)\1$/, '$2');
    const param = info.params.find((q) => q.name === key);
    if (param === undefined) {
      const valid = info.params.map((q) => `${q.name}=${q.values}`).join(', ');
      throw new MeasureNameError(name, `${info.name} has no parameter '${key}'${valid === '' ? '' : ` (it takes ${valid})`}`);
    }
    // dcg and gains set the gain as gain does: one of them at most
    const field = isList(param) ? (param.name === 'gains' ? 'gain' : param.name) : (param.field ?? param.name);
    if (seen.has(field)) throw new MeasureNameError(name, `parameter '${key}' is given twice${field !== key ? ` (or with ${field})` : ''}`);
    if (i >= presets.length) seen.add(field);
    const bad = (): never => {
      throw new MeasureNameError(name, `${key}=${value} is not valid (${key} must be ${param.values})`);
    };
    if (isList(param)) {
      const inner = /^\{(.*)\}$/.exec(value);
      list = (inner === null ? undefined : param.parse(inner[1]!)) ?? bad();
      if (param.name === 'gains') values.gain = Gain.TABLE;
    } else {
      values[(param.field ?? param.name) as ParamName] = param.parse(value) ?? bad();
    }
  }
  for (const [param, example] of info.required ?? []) {
    if (!seen.has(param)) throw new MeasureNameError(name, `${info.name} needs ${param}, e.g. ${info.name}(${param}=${example})${info.cutoff === 'required' ? '@10' : ''}`);
  }
  const invalid = info.check?.(values);
  if (invalid !== undefined) throw new MeasureNameError(name, invalid);
  return { name, measure: info, kind: MEASURES.indexOf(info as (typeof MEASURES)[number]), cutoff, list, geometric: false, ...values };
}
