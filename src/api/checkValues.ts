import { InputError } from '../core/errors.js';
import type { Plan } from '../measures/plan.js';

/**
 * Refuses values that are not finite. Every measure is defined and finite (0 where trec_eval's
 * formula divides by 0), so a NaN or an infinity comes only from gains beyond a double's range
 * (labels of 1024 or more with `gain=exp`): an error naming the query and measure, not a silent
 * NaN in a mean.
 * @throws InputError
 */
export function checkValues(out: Float64Array, plan: Plan, queries: number, describeQuery: (q: number) => string): void {
  for (let i = 0; i < out.length; i++) {
    if (Number.isFinite(out[i]!)) continue;
    const q = i % queries;
    const measure = plan.measures[Math.floor(i / queries)]!.name;
    throw new InputError(`${describeQuery(q)}: ${measure} is ${out[i]}: the gains of its labels overflow a double (labels of 1024 or more with gain=exp); use smaller labels`, q);
  }
}
