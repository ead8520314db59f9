import { gainOf } from './gain';
import { COUNTED_LEVELS } from './largestDescending';
import { getF64, setF64 } from './memory';
import { planGains } from './plan';
import * as S from './scratch';

/**
 * Fills S.gradeGains with the gain of each grade 0..COUNTED_LEVELS-1 in each gain column, once
 * per call (evaluateQueries): the documents' labels are mostly such grades, and a table read per
 * document costs less than gainOf's decoding of the column (or exp's power).
 */
export function fillGradeGains(): void {
  for (let c = 0; c < planGains(); c++) {
    for (let v = 0; v < COUNTED_LEVELS; v++) setF64(S.gradeGains, c * COUNTED_LEVELS + v, gainOf(<f64>v, c));
  }
}

/** gainOf of a document's label (an integer: step 0 checked it): a grade's from S.gradeGains, others computed. */
@inline export function labelGain(label: f64, c: i32): f64 {
  return label >= 0 && label < COUNTED_LEVELS ? getF64(S.gradeGains, c * COUNTED_LEVELS + <i32>label) : gainOf(label, c);
}
