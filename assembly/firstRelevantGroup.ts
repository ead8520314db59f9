import { getF64, getI32 } from './memory';
import * as S from './scratch';

/** The first group that starts above position k and holds a relevant document, or -1. */
export function firstRelevantGroup(col: i32, k: f64): i32 {
  let start: f64 = 0;
  for (let g = 0; g < S.groupCount && start < k; g++) {
    if (getF64(S.groupRel, g * S.levels + col) > 0) return g;
    start = <f64>getI32(S.groupEnd, g);
  }
  return -1;
}
