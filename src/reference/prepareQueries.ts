import type { Plan } from '../measures/plan.js';
import { prepareQuery } from './prepareQuery.js';
import type { Scratch } from './scratch.js';
import { Status } from '../core/status.js';
import type { LabelArray } from '../core/labels.js';

/**
 * Step 0 for queries [first, last) of a batch: each query's constants (R per level, J, ideal
 * DCGs) into constants[q * plan.constantsPerQuery ..]. `relevant` is the caller's R per query, or null.
 * Writes [code, query, position] to `status` and returns the code.
 */
export function prepareQueries(
  labels: LabelArray,
  offsets: Uint32Array,
  first: number,
  last: number,
  ideal: LabelArray,
  idealOffsets: Uint32Array,
  relevant: Float64Array | null,
  plan: Plan,
  s: Scratch,
  constants: Float64Array,
  status: Int32Array,
): number {
  s.ensure(0, plan.thresholds.length, plan.gainType.length);
  for (let q = first; q < last; q++) {
    const code = prepareQuery(
      labels,
      offsets[q]!,
      offsets[q + 1]! - offsets[q]!,
      ideal,
      idealOffsets[q]!,
      idealOffsets[q + 1]! - idealOffsets[q]!,
      relevant === null ? NaN : relevant[q]!,
      plan,
      s,
      constants,
      q * plan.constantsPerQuery,
    );
    if (code !== Status.OK) return report(status, code, q, s.badPosition);
  }
  return report(status, Status.OK, -1, -1);
}

/** Writes a kernel status: the code, and the query and position of bad input (else -1). */
export function report(status: Int32Array, code: number, query: number, position: number): number {
  status[0] = code;
  status[1] = query;
  status[2] = position;
  return code;
}
