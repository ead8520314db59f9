import { gainOf } from './gain';
import { COUNTED_LEVELS } from './largestDescending';
import { getF64, setF64 } from './memory';
import { planGains } from './plan';
import * as S from './scratch';

/**
 * Empties S.gradeGains, the gain of each grade 0..COUNTED_LEVELS-1 in each gain column, at the
 * start of each call (evaluateQueries): labelGain fills it as far as the grades the call meets.
 * Filled whole, exp's 64 powers took a fifth of a one-query call; most judgements are grades
 * 0-4, and a table read per document costs less than gainOf's decoding of the column.
 */
export function clearGradeGains(): void {
  S.gradesFilled = 0;
}

/** Fills S.gradeGains's grades S.gradesFilled..through in every gain column (out of line: the documents' loop only tests). */
export function fillGradeGains(through: i32): void {
  for (let c = 0; c < planGains(); c++) {
    for (let v = S.gradesFilled; v <= through; v++) setF64(S.gradeGains, c * COUNTED_LEVELS + v, gainOf(<f64>v, c));
  }
  S.gradesFilled = through + 1;
}

/** gainOf of a document's label (an integer: step 0 checked it): a grade's from S.gradeGains (filled to it first), others computed. */
@inline export function labelGain(label: f64, c: i32): f64 {
  if (label >= 0 && label < <f64>S.gradesFilled) return getF64(S.gradeGains, c * COUNTED_LEVELS + <i32>label);
  if (!(label >= 0 && label < COUNTED_LEVELS)) return gainOf(label, c);
  fillGradeGains(<i32>label);
  return getF64(S.gradeGains, c * COUNTED_LEVELS + <i32>label);
}
