import { Constant, Cutoff, Depth, GainColumn } from './codes.js';
import { CONSTANT_SIZE } from './plan.js';
import { MEASURES, type MeasureEntry } from './table.js';

/** Whether x is within a rule's PARAM range. */
export function paramInRange(rule: MeasureRule, x: number): boolean {
  if (rule.paramOpen) return x > rule.paramLo && x < rule.paramHi;
  return x >= rule.paramLo && x <= rule.paramHi && (!rule.paramInteger || Number.isInteger(x));
}

/**
 * A measure's plan rule, by kind: what its row may hold. The TypeScript glue checks plans with
 * these; scripts/generate.ts writes them for the addon (MEASURE_RULES) and the kernels read the
 * constant codes from the same source.
 */
export interface MeasureRule {
  /** a Cutoff code */
  readonly cutoff: number;
  /** a GainColumn code */
  readonly gainColumn: number;
  /** a Constant code, and how many query constants it takes */
  readonly constant: number;
  readonly constantSize: number;
  /** a Depth code */
  readonly depth: number;
  /** the PARAM field's range: [lo, hi] (integers with paramInteger), or the open (lo, hi) with paramOpen; none when hasParam is false */
  readonly hasParam: boolean;
  readonly paramLo: number;
  readonly paramHi: number;
  readonly paramInteger: boolean;
  readonly paramOpen: boolean;
  /** PARAM counts consecutive relevance columns from THRESHOLD, holding levels 1, 2, ... (ERR) */
  readonly levelSpan: boolean;
  /** how many gain columns the row reads from GAIN on (ndcg_rel: the gain, its positive part, its indicator) */
  readonly gainSpan: number;
  /** how many pool values the row takes */
  readonly extraMin: number;
  readonly extraMax: number;
  /** the plan must order every query (PlanFlag.NEEDS_ORDER): the measure reads its groups' documents */
  readonly needsOrder: boolean;
}

function ruleOf(m: MeasureEntry): MeasureRule {
  const recall = m.cutoff === 'recall';
  const param = m.param;
  const cutoff = { none: Cutoff.NONE, optional: Cutoff.OPTIONAL, required: Cutoff.REQUIRED, recall: Cutoff.RECALL }[m.cutoff];
  const gainColumn = m.gainColumn === undefined ? GainColumn.NONE : m.gainColumn === 'graded' ? GainColumn.OPTIONAL : GainColumn.REQUIRED;
  const constant = m.constant === undefined ? Constant.NONE : { idealDcg: Constant.IDEAL_DCG, maxLabel: Constant.MAX_LABEL, idealLevels: Constant.IDEAL_LEVELS }[m.constant];
  const extra = m.extra === 'utility' ? [5, 5] : m.extra === 'list' ? [1, 1e6] : [0, 0];
  return {
    cutoff,
    gainColumn,
    constant,
    constantSize: m.constant === undefined ? 0 : CONSTANT_SIZE[m.constant],
    depth: m.depth === 'relevant' ? Depth.RELEVANT : Depth.CUTOFF,
    hasParam: recall || param !== undefined,
    paramLo: recall ? 0 : (param?.range.lo ?? 0),
    paramHi: recall ? 1 : (param?.range.hi ?? 0),
    paramInteger: !recall && (param?.range.integer ?? false),
    paramOpen: !recall && !(param?.range.integer ?? true),
    levelSpan: m.levelSpan !== undefined,
    gainSpan: m.gainSpan ?? 1,
    extraMin: extra[0]!,
    extraMax: extra[1]!,
    needsOrder: m.needsOrder === true,
  };
}

/** The rules by kind. */
export const MEASURE_RULES: readonly MeasureRule[] = MEASURES.map(ruleOf);
