import { compilePlan, type Plan } from '../measures/plan.js';
import { maxRankOption } from './maxRankOption.js';
import type { EvaluateOptions } from './types.js';

/**
 * The plan of `measures` under the options that shape it: `maxRank` (checked; default 0, no
 * cut) and `judgedOnly` (default false).
 * @throws as compilePlan for a measure name, as maxRankOption for maxRank
 */
export function optionsPlan(measures: readonly string[], options: Pick<EvaluateOptions, 'maxRank' | 'judgedOnly'>): Plan {
  return compilePlan(measures, { maxRank: maxRankOption(options.maxRank), judgedOnly: options.judgedOnly === true });
}
