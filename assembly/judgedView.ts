import { getF64, setI32 } from './memory';
import * as S from './scratch';

/**
 * The judged view of a query's group table: the ranking without its unjudged documents
 * (label < 0), for judged_only measures and for -J after -M. Unjudged documents count nowhere but
 * in the group sizes, so the view only changes the group ends (cumulative judged counts; a group
 * without a judged document becomes empty) and the ranking's length. Fills S.judgedEnd and
 * S.judgedN from the group table.
 */
export function judgedEnds(): void {
  let sum: f64 = 0;
  for (let g = 0; g < S.groupCount; g++) {
    sum += getF64(S.groupJudged, g);
    setI32(S.judgedEnd, g, <i32>sum);
  }
  S.judgedN = <i32>sum;
}

/** Swaps the group ends and the ranking's length with the judged view's (and back): S.judgedView says which is in place. */
export function swapView(): void {
  const ends = S.groupEnd;
  S.groupEnd = S.judgedEnd;
  S.judgedEnd = ends;
  const n = S.n;
  S.n = S.judgedN;
  S.judgedN = n;
  S.judgedView = !S.judgedView;
}
