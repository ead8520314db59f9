import { ApNorm, Gain } from './codes.js';

/** A parameter a measure takes in parentheses, `NAME(param=value,...)`: how it reads, prints and is checked. */
export interface ParamEntry {
  readonly name: string;
  /** the values it takes, for help and errors */
  readonly values: string;
  /** its default, as the plan holds it */
  readonly default: number;
  /** the value a text spells, or undefined when it is not valid */
  parse(text: string): number | undefined;
  /** the value as written in a name */
  format(value: number): string;
  /** the values a plan may hold: [lo, hi], integers only, or the open interval (lo, hi) */
  readonly range: { readonly lo: number; readonly hi: number; readonly integer: boolean };
  /** values besides the default that selfCheck tries, as written */
  readonly examples: readonly string[];
}

/** A positive safe integer written in digits, or undefined. */
export function parsePositiveInteger(text: string): number | undefined {
  return /^[0-9]+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}

/** A parameter whose values are words, each standing for a code (codes 0 .. words - 1; the first word is the default). */
function choice(name: string, codes: Readonly<Record<string, number>>): ParamEntry {
  const words = Object.keys(codes);
  return {
    name,
    values: words.join('|'),
    default: codes[words[0]!]!,
    parse: (text) => (Object.hasOwn(codes, text) ? codes[text] : undefined),
    format: (value) => words.find((w) => codes[w] === value)!,
    range: { lo: 0, hi: words.length - 1, integer: true },
    examples: words.slice(1),
  };
}

/** Relevance level: a document is relevant when its label >= rel. */
export const REL: ParamEntry = {
  name: 'rel',
  values: 'integer >= 1',
  default: 1,
  parse: parsePositiveInteger,
  format: String,
  range: { lo: 1, hi: 1e15, integer: true },
  examples: ['2', '3'],
};

/** DCG's gain function (see Gain). */
export const GAIN = choice('gain', { linear: Gain.LINEAR, exp: Gain.EXP });

/** AP's denominator (see ApNorm). */
export const NORM = choice('norm', { R: ApNorm.R, min: ApNorm.MIN, found: ApNorm.FOUND });

/** RBP's persistence. */
export const PERSISTENCE: ParamEntry = {
  name: 'p',
  values: '0 < p < 1',
  default: 0.8,
  parse(text) {
    const x = /^[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?$/.test(text) ? Number(text) : NaN;
    return x > 0 && x < 1 ? x : undefined;
  },
  format: String,
  range: { lo: 0, hi: 1, integer: false },
  examples: ['0.5'],
};

/** Every parameter by name: a measure spec holds each of them, defaults where not given. */
export const PARAMS = { rel: REL, gain: GAIN, norm: NORM, p: PERSISTENCE } as const;
export type ParamName = keyof typeof PARAMS;
