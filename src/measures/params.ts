import { ApNorm, Gain, RbpGain } from './codes.js';

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
  /** the spec field it sets, when not its own name (`dcg` sets `gain`) */
  readonly field?: ParamName;
}

/** A parameter whose value is a list: `gains={0:0,1:1,2:3}`, `levels={0.2,0.5,0.8}`. */
export interface ListParamEntry {
  readonly name: string;
  readonly values: string;
  /** the list a text spells (without its braces), or undefined when it is not valid */
  parse(text: string): number[] | undefined;
  format(list: readonly number[]): string;
  readonly examples: readonly string[];
  /** the list when the name gives none */
  readonly defaultList: readonly number[];
}

/** A positive safe integer written in digits, or undefined. */
export function parsePositiveInteger(text: string): number | undefined {
  return /^[0-9]+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text)) ? Number(text) : undefined;
}

/** A decimal number (optional sign, fraction and exponent), or NaN. */
export function parseDecimal(text: string): number {
  return /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/.test(text) ? Number(text) : NaN;
}

/** A parameter whose values are words, each standing for a code (codes 0 .. words - 1; the first word is the default). */
function choice(name: string, codes: Readonly<Record<string, number>>, field?: ParamName): ParamEntry {
  const words = Object.keys(codes);
  return {
    name,
    values: words.join('|'),
    default: codes[words[0]!]!,
    parse: (text) => (Object.hasOwn(codes, text) ? codes[text] : undefined),
    format: (value) => words.find((w) => codes[w] === value)!,
    range: { lo: 0, hi: Math.max(...Object.values(codes)), integer: true },
    examples: words.slice(1),
    ...(field === undefined ? {} : { field }),
  };
}

/** A number parameter in [lo, hi] (or the open (lo, hi)). */
function number(name: string, values: string, defaultValue: number, range: ParamEntry['range'], examples: readonly string[]): ParamEntry {
  const inRange = (x: number): boolean => (range.integer ? Number.isInteger(x) && x >= range.lo && x <= range.hi : x > range.lo && x < range.hi);
  return {
    name,
    values,
    default: defaultValue,
    parse(text) {
      const x = parseDecimal(text);
      return inRange(x) ? x : undefined;
    },
    format: String,
    range,
    examples,
  };
}

/** A boolean parameter: true|false (also True, False, 1, 0, as Python writes them). */
function flag(name: string): ParamEntry {
  const values: Readonly<Record<string, number>> = { false: 0, true: 1, False: 0, True: 1, '0': 0, '1': 1 };
  return { ...choice(name, { false: 0, true: 1 }), parse: (text) => (Object.hasOwn(values, text) ? values[text] : undefined) };
}

/** The same parameter with another default (RBP(rel) is graded unless given; trec_eval's rbp has p = 0.9). */
export function withDefault(param: ParamEntry, value: number, values = param.values): ParamEntry {
  return { ...param, default: value, values, range: { ...param.range, lo: Math.min(param.range.lo, value) } };
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

/** ir_measures' spelling of the gain: `dcg=log2` (linear gains) or `dcg=exp-log2` (exponential). */
export const DCG = choice('dcg', { log2: Gain.LINEAR, 'exp-log2': Gain.EXP }, 'gain');

/** RBP's gains (see RbpGain): the label scaled by the largest judged label, or the label. */
export const RBP_GAIN = choice('gain', { scaled: RbpGain.SCALED, label: RbpGain.LABEL });

/** AP's denominator (see ApNorm). */
export const NORM = choice('norm', { R: ApNorm.R, min: ApNorm.MIN, found: ApNorm.FOUND });

/** RBP's persistence. */
export const PERSISTENCE = number('p', '0 < p < 1', 0.8, { lo: 0, hi: 1, integer: false }, ['0.5']);

/** Leave out the documents the judgements lack (label < 0) before measuring (ir_measures' judged_only). */
export const JUDGED_ONLY = flag('judged_only');

/** Precision over min(k, R) instead of k (trec_eval's relative_P, set_relative_P). */
export const RELATIVE = flag('relative');

/** Rprec's multiple of R: precision at rank floor(mult R + 0.9) (trec_eval's Rprec_mult). */
export const MULT = number('mult', 'number > 0', 1, { lo: 0, hi: 1e9, integer: false }, ['0.5', '2']);

/** SetF's weight of recall against precision: (beta + 1) P R / (beta P + R) (trec_eval's set_F parameter). */
export const BETA = number('beta', 'number > 0', 1, { lo: 0, hi: 1e9, integer: false }, ['0.5']);

/** ERR's largest grade: a label l has stopping chance (2^min(l, max) - 1) / 2^max. */
export const MAX_GRADE = number('max', 'integer from 1 to 30', 4, { lo: 1, hi: 30, integer: true }, ['2']);

/** The coefficients of utility: a relevant retrieved, b non-relevant retrieved, c relevant not retrieved, d non-relevant not retrieved. */
export const UTILITY = {
  a: number('a', 'number', 1, { lo: -1e300, hi: 1e300, integer: false }, ['2']),
  b: number('b', 'number', -1, { lo: -1e300, hi: 1e300, integer: false }, ['-2']),
  c: number('c', 'number', 0, { lo: -1e300, hi: 1e300, integer: false }, ['-1']),
  d: number('d', 'number', 0, { lo: -1e300, hi: 1e300, integer: false }, ['1']),
} as const;

/** cwl_eval's gains (SDCG, INSQ): labels clipped to [min_rel, max_rel], scaled to [0, 1]. */
export const MIN_REL = number('min_rel', 'integer >= 0', 0, { lo: 0, hi: 1e15, integer: true }, ['1']);
/** The label that gains 1 in cwl_eval's gains; ir_measures requires it (the measure's `required`). */
export const MAX_REL = number('max_rel', 'integer > min_rel', 0, { lo: 0, hi: 1e15, integer: true }, ['2']);

/** INSQ's T, the total gain the user wants. */
export const TOTAL = number('T', 'number > 0', 1, { lo: 0, hi: 1e9, integer: false }, ['2.5']);

/** utility's collection size N, for the non-relevant documents not retrieved (trec_eval's -N). */
export const DOCS = number('docs', 'integer >= 0', 0, { lo: 0, hi: 9007199254740991, integer: true }, ['1000']);

/** Every scalar parameter by name: a measure spec holds each of them, defaults where not given. */
export const PARAMS = { rel: REL, gain: GAIN, norm: NORM, p: PERSISTENCE, judged_only: JUDGED_ONLY, relative: RELATIVE, mult: MULT, beta: BETA, max: MAX_GRADE, ...UTILITY, docs: DOCS, min_rel: MIN_REL, max_rel: MAX_REL, T: TOTAL } as const;
export type ParamName = keyof typeof PARAMS;

/** A list `{x,y,...}` of numbers accepted by `ok`. */
function numberList(text: string, ok: (x: number) => boolean): number[] | undefined {
  const parts = text.split(',').map((p) => parseDecimal(p.trim()));
  return parts.length > 0 && parts.every(ok) ? parts : undefined;
}

/**
 * A custom gain per label (ir_measures' `gains`, trec_eval's `ndcg.1=0,2=1`): `gains={0:0,1:1,2:3}`.
 * Labels not listed keep their own gain (0 below the relevance level), as in trec_eval. Held as
 * the flat list label, gain, label, gain, ...
 */
export const GAINS: ListParamEntry = {
  name: 'gains',
  values: '{label:gain,...}',
  parse(text) {
    const pairs = text.split(',').map((p) => p.split(':').map((x) => parseDecimal(x.trim())));
    if (pairs.length === 0 || pairs.some((p) => p.length !== 2 || !Number.isInteger(p[0]) || !Number.isFinite(p[1]!))) return undefined;
    const labels = pairs.map((p) => p[0]!);
    return new Set(labels).size === labels.length ? pairs.flat() : undefined;
  },
  format: (list) => `{${Array.from({ length: list.length / 2 }, (_, i) => `${list[2 * i]}:${list[2 * i + 1]}`).join(',')}}`,
  examples: ['{1:0,2:1}', '{0:1,3:10}'],
  defaultList: [],
};

/** trec_eval's 11 recall levels: 0, 0.1, ..., 1. */
export const ELEVEN_POINTS: readonly number[] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

/** The recall levels 11pt_avg averages interpolated precision over: `levels={0,0.5,1}` (default trec_eval's 11). */
export const LEVELS: ListParamEntry = {
  name: 'levels',
  values: '{recall,...}',
  parse: (text) => numberList(text, (x) => x >= 0 && x <= 1),
  format: (list) => `{${list.join(',')}}`,
  examples: ['{0.2,0.5,0.8}'],
  defaultList: ELEVEN_POINTS,
};

