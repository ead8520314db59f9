import type { Scratch } from './scratch.js';

/**
 * The judged view of a query's group table: the ranking without its unjudged documents
 * (label < 0), for judged_only measures and for -J after -M. Unjudged documents count nowhere but
 * in the group sizes, so the view only changes the group ends (cumulative judged counts; a group
 * without a judged document becomes empty) and the ranking's length. Fills s.judgedEnd and
 * s.judgedN from the group table.
 */
export function judgedEnds(s: Scratch): void {
  let sum = 0;
  for (let g = 0; g < s.groupCount; g++) {
    sum += s.groupJudged[g]!;
    s.judgedEnd[g] = sum;
  }
  s.judgedN = sum;
}

/** Swaps the group ends and the ranking's length with the judged view's (and back): s.judgedView says which is in place. */
export function swapView(s: Scratch): void {
  const ends = s.groupEnd;
  s.groupEnd = s.judgedEnd;
  s.judgedEnd = ends;
  const n = s.n;
  s.n = s.judgedN;
  s.judgedN = n;
  s.judgedView = !s.judgedView;
}
