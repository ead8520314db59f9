import * as D from './diversityScratch';
import { getF64, setF64 } from './memory';

/**
 * ndeval's "ideal ideal" sums, its normalisers of alpha-DCG and ERR-IA: every one of the A
 * subtopics covered at every rank, a gain of A q^i at rank i, cumulative, into D.sums[dcg ..] and
 * D.sums[err ..] through rank depth - 1.
 */
export function idealIdeal(q: f64, depth: i32, dcg: i32, err: i32, discounts: usize): void {
  let gain = <f64>D.subtopicCount;
  for (let i = 0; i < depth; i++) {
    setF64(D.sums, dcg + i, gain * getF64(discounts, i) + (i > 0 ? getF64(D.sums, dcg + i - 1) : 0));
    setF64(D.sums, err + i, gain / <f64>(i + 1) + (i > 0 ? getF64(D.sums, err + i - 1) : 0));
    gain *= q;
  }
}
