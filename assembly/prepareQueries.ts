import { STATUS_OK } from './codes';
import { getF64, getU32, setI32 } from './memory';
import { decodePlan, planConstants } from './plan';
import { prepareQuery } from './prepareQuery';
import * as S from './scratch';

/**
 * Step 0 for queries [first, last) of a batch: each query's constants (R per level, J, ideal
 * DCGs) into constants[q * C ..]. Labels are of type L, ideal labels of type I (each u8, i32
 * or f64). `relevant` is the caller's R per query, or 0 (none).
 * Writes [code, query, position] to `status` and returns the code.
 */
export function prepareQueries<L, I>(labels: usize, offsets: usize, first: i32, last: i32, ideal: usize, idealOffsets: usize, relevant: usize, plan: usize, constants: usize, status: usize): i32 {
  decodePlan(plan);
  for (let q = first; q < last; q++) {
    const code = prepareQuery<L, I>(
      labels,
      getU32(offsets, q),
      getU32(offsets, q + 1) - getU32(offsets, q),
      ideal,
      getU32(idealOffsets, q),
      getU32(idealOffsets, q + 1) - getU32(idealOffsets, q),
      relevant == 0 ? NaN : getF64(relevant, q),
      constants,
      q * planConstants(),
    );
    if (code != STATUS_OK) return report(status, code, q, S.badPosition);
  }
  return report(status, STATUS_OK, -1, -1);
}

/** Writes a kernel status: the code, and the query and position of bad input (else -1). */
export function report(status: usize, code: i32, query: i32, position: i32): i32 {
  setI32(status, 0, code);
  setI32(status, 1, query);
  setI32(status, 2, position);
  return code;
}
