import { PARAMS, parsePositiveInteger, type ParamName } from './params.js';
import { MEASURES, describeMeasures, findMeasure, type Kind, type MeasureEntry } from './table.js';

/** A measure name turned into numbers: what every backend computes. */
export type MeasureSpec = {
  /** The name exactly as the caller wrote it: the key of the result. */
  readonly name: string;
  /** The measure's row of the table. */
  readonly measure: MeasureEntry;
  readonly kind: Kind;
  /** Cut-off k, or 0 for none (the whole ranking). */
  readonly cutoff: number;
} & {
  /**
   * Every parameter of the table (src/measures/params.ts), the default where the name does not
   * set it: `rel` (relevance level: relevant when label >= rel), `gain` (DCG's gain code),
   * `norm` (AP's denominator code), `p` (RBP's persistence).
   */
  readonly [P in ParamName]: number;
};

/** Thrown for a measure name the parser does not accept; the message lists the valid names. */
export class MeasureNameError extends Error {
  constructor(name: string, reason: string) {
    super(`unknown measure '${name}': ${reason}\nvalid measures (ir_measures spelling, e.g. P@10, AP(norm=found)@5, nDCG(gain=exp)@10, RBP(p=0.9)):\n${describeMeasures()}`);
    this.name = 'MeasureNameError';
  }
}

const SYNTAX = /^([A-Za-z][A-Za-z0-9]*)(?:\(([^()]*)\))?(?:@(.*))?$/;

/** Every parameter at its default. */
const DEFAULTS = Object.fromEntries(Object.entries(PARAMS).map(([key, p]) => [key, p.default])) as Record<ParamName, number>;

/**
 * Parses an ir_measures-style name: `NAME(param=value,...)@k`, e.g. `P@10`, `P(rel=2)@5`,
 * `nDCG(gain=exp)@10`, `AP(norm=found)@5`, `RBP(p=0.9)`, `Rprec`, `bpref`, `Success@1`.
 * Parameter defaults: rel=1, norm=R, gain=linear, p=0.8.
 * @throws MeasureNameError for an unknown name or parameter, a bad value, or a cut-off that is
 *   missing (P, R, F1, Success), not allowed (Rprec, bpref) or not a positive integer.
 */
export function parseMeasure(name: string): MeasureSpec {
  const m = SYNTAX.exec(name.trim());
  if (m === null) throw new MeasureNameError(name, 'expected NAME, NAME@k or NAME(param=value,...)@k');
  const [, base = '', paramText, cutText] = m;
  const info = findMeasure(base);
  if (info === undefined) throw new MeasureNameError(name, `no measure is called '${base}'`);

  let cutoff = 0;
  if (cutText !== undefined) {
    if (info.cutoff === 'none') throw new MeasureNameError(name, `${info.name} takes no cut-off`);
    const k = parsePositiveInteger(cutText);
    if (k === undefined) throw new MeasureNameError(name, `cut-off '${cutText}' is not a positive integer`);
    cutoff = k;
  } else if (info.cutoff === 'required') {
    throw new MeasureNameError(name, `${info.name} needs a cut-off, e.g. ${info.name}@10`);
  }

  const values = { ...DEFAULTS };
  const seen = new Set<string>();
  for (const part of paramText === undefined || paramText.trim() === '' ? [] : paramText.split(',')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    const param = info.params.find((q) => q.name === key);
    if (param === undefined) {
      const valid = info.params.map((q) => `${q.name}=${q.values}`).join(', ');
      throw new MeasureNameError(name, `${info.name} has no parameter '${key}' (it takes ${valid})`);
    }
    if (seen.has(key)) throw new MeasureNameError(name, `parameter '${key}' is given twice`);
    seen.add(key);
    const parsed = param.parse(value);
    if (parsed === undefined) throw new MeasureNameError(name, `${key}=${value} is not valid (${key} must be ${param.values})`);
    values[key as ParamName] = parsed;
  }
  return { name, measure: info, kind: MEASURES.indexOf(info as (typeof MEASURES)[number]), cutoff, ...values };
}
