import { ApNorm, Gain, Kind, MEASURES, NAME_ALIASES, describeMeasures, type MeasureInfo } from './catalog.js';

/** A measure name turned into numbers: what every backend computes. */
export interface MeasureSpec {
  /** The name exactly as the caller wrote it: the key of the result. */
  readonly name: string;
  readonly kind: Kind;
  /** Cut-off k, or 0 for none (the whole ranking). */
  readonly cutoff: number;
  /** Relevance level: a document is relevant when its label >= rel. */
  readonly rel: number;
  /** AP denominator. */
  readonly norm: ApNorm;
  /** DCG gain function. */
  readonly gain: Gain;
  /** RBP persistence. */
  readonly p: number;
}

/** Thrown for a measure name the parser does not accept; the message lists the valid names. */
export class MeasureNameError extends Error {
  constructor(name: string, reason: string) {
    super(`unknown measure '${name}': ${reason}\nvalid measures (ir_measures spelling, e.g. P@10, AP(norm=found)@5, nDCG(gain=exp)@10, RBP(p=0.9)):\n${describeMeasures()}`);
    this.name = 'MeasureNameError';
  }
}

const SYNTAX = /^([A-Za-z][A-Za-z0-9]*)(?:\(([^()]*)\))?(?:@(.*))?$/;

function parsePositiveInteger(text: string): number | undefined {
  return /^[0-9]+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}

function findMeasure(base: string): MeasureInfo | undefined {
  const canonical = NAME_ALIASES[base] ?? base;
  return MEASURES.find((m) => m.name === canonical);
}

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

  let rel = 1;
  let norm: ApNorm = ApNorm.R;
  let gain: Gain = Gain.LINEAR;
  let p = 0.8;
  const seen = new Set<string>();
  for (const part of paramText === undefined || paramText.trim() === '' ? [] : paramText.split(',')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (!info.params.some((q) => q.name === key)) {
      const valid = info.params.map((q) => `${q.name}=${q.values}`).join(', ');
      throw new MeasureNameError(name, `${info.name} has no parameter '${key}' (it takes ${valid})`);
    }
    if (seen.has(key)) throw new MeasureNameError(name, `parameter '${key}' is given twice`);
    seen.add(key);
    const bad = (): never => {
      const q = info.params.find((x) => x.name === key);
      throw new MeasureNameError(name, `${key}=${value} is not valid (${key} must be ${q?.values})`);
    };
    if (key === 'rel') {
      rel = parsePositiveInteger(value) ?? bad();
    } else if (key === 'norm') {
      norm = value === 'R' ? ApNorm.R : value === 'min' ? ApNorm.MIN : value === 'found' ? ApNorm.FOUND : bad();
    } else if (key === 'gain') {
      gain = value === 'linear' ? Gain.LINEAR : value === 'exp' ? Gain.EXP : bad();
    } else {
      const x = /^[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?$/.test(value) ? Number(value) : NaN;
      p = x > 0 && x < 1 ? x : bad();
    }
  }
  return { name, kind: info.kind, cutoff, rel, norm, gain, p };
}
