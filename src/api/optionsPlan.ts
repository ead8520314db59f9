import { compilePlan, type Plan } from '../measures/plan.js';
import { maxRankOption } from './maxRankOption.js';
import type { EvaluateOptions } from './types.js';
import { booleanOption } from './booleanOption.js';

/** A compiled plan and what it was compiled from (the names copied: a caller may change its array). */
interface KeptPlan {
  readonly names: readonly string[];
  readonly maxRank: number;
  readonly judgedOnly: boolean;
  readonly plan: Plan;
}

/** How many plans are kept for the calls that follow, the latest first. */
const PLANS_KEPT = 8;

/**
 * The plans of the latest distinct requests: a caller in a loop (an optimizer evaluating one
 * query per call) asks for the same measures every call, and parsing and compiling them took
 * most of a small call's time (8.5 of 15 µs for six measures on one query). Plans are never
 * written after compilePlan returns, so one serves every call that asks for it.
 */
const kept: KeptPlan[] = [];

/** Whether `names` (an array) holds exactly `entry`'s names, under its options. */
function sameRequest(entry: KeptPlan, names: readonly unknown[], maxRank: number, judgedOnly: boolean): boolean {
  if (entry.maxRank !== maxRank || entry.judgedOnly !== judgedOnly || entry.names.length !== names.length) return false;
  for (let i = 0; i < names.length; i++) if (entry.names[i] !== names[i]) return false;
  return true;
}

/**
 * The plan of `measures` under the options that shape it: `maxRank` (checked; default 0, no
 * cut) and `judgedOnly` (default false). A request made lately (the same names in the same
 * order, the same options) gets the plan compiled then.
 * @throws as compilePlan for a measure name, as maxRankOption for maxRank
 */
export function optionsPlan(measures: readonly string[], options: Pick<EvaluateOptions, 'maxRank' | 'judgedOnly'>): Plan {
  const maxRank = maxRankOption(options.maxRank);
  const judgedOnly = booleanOption(options.judgedOnly, 'judgedOnly');
  if (!Array.isArray(measures)) return compilePlan(measures, { maxRank, judgedOnly });
  for (let i = 0; i < kept.length; i++) {
    const entry = kept[i]!;
    if (!sameRequest(entry, measures, maxRank, judgedOnly)) continue;
    if (i > 0) kept.copyWithin(1, 0, i)[0] = entry;
    return entry.plan;
  }
  // compiled from a copy, the names kept: what a later request is compared with
  const names = measures.slice();
  const plan = compilePlan(names, { maxRank, judgedOnly });
  kept.unshift({ names, maxRank, judgedOnly, plan });
  if (kept.length > PLANS_KEPT) kept.length = PLANS_KEPT;
  return plan;
}
