import * as D from './diversityScratch';
import { getF64, getI32, setF64, setI32 } from './memory';

/** The tail's bound: a law is carried only up to the x where q^x falls below it. */
const LAW_TAIL: f64 = Math.pow(2, -60);

/**
 * The smallest x with q^x below LAW_TAIL (at most `most`), and q^0 .. q^x into D.powers, by repeated
 * products (the same doubles in every backend).
 */
export function tailPowers(q: f64, most: i32): i32 {
  let top = 0;
  let power: f64 = 1;
  setF64(D.powers, 0, 1);
  while (top < most && power >= LAW_TAIL) {
    power *= q;
    setF64(D.powers, ++top, power);
  }
  return top;
}

/**
 * One law per distinct count m of the current group's subtopics (D.present, D.inGroup): that of
 * X, how many of the m - 1 other documents of a subtopic sit above a slot of a random order of
 * the group's n documents. At slot 0, X = 0; each is carried only up to x = min(m - 1, tail).
 */
export function groupLaws(tail: i32): void {
  D.lawCount = 0;
  let next = 0;
  for (let at = 0; at < D.presentCount; at++) {
    const m = getI32(D.inGroup, getI32(D.present, at));
    let d = getI32(D.lawOfCount, m);
    if (d < 0) {
      d = D.lawCount++;
      setI32(D.lawOfCount, m, d);
      setI32(D.lawM, d, m);
      setI32(D.lawTop, d, min(m - 1, tail));
      setI32(D.lawStart, d, next);
      setF64(D.laws, next, 1);
      for (let x = 1; x <= getI32(D.lawTop, d); x++) setF64(D.laws, next + x, 0);
      next += getI32(D.lawTop, d) + 1;
    }
    setI32(D.lawOf, at, d);
  }
}

/** E[q^X] of each law at slot p into D.expect (q = 1: 1; a law dropped, 0); a term past a law's top weighs below LAW_TAIL. */
export function lawExpectations(p: i32, q: f64): void {
  for (let d = 0; d < D.lawCount; d++) {
    if (q == 1) {
      setF64(D.expect, d, 1);
      continue;
    }
    const law = getI32(D.lawStart, d);
    let sum: f64 = 0;
    for (let x = min(p, getI32(D.lawTop, d)); x >= 0; x--) sum += getF64(D.laws, law + x) * getF64(D.powers, x);
    setF64(D.expect, d, sum);
  }
}

/**
 * Each law from slot p to p + 1 in a group of n (p < n - 1): the (p+1)-th draw of the N = n - 1
 * other documents is one of the K = m - 1 with chance (K - x) / (N - p); from the top x down, as
 * each reads only itself and x - 1. A law whose chance of X <= top falls below LAW_TAIL is
 * dropped (top -1: E[q^X] 0 from then on): that chance only falls slot after slot, and bounds
 * every later E[q^X] carried; carrying it on would sink its chances into subnormal doubles, a
 * hundred times slower.
 */
export function advanceLaws(n: i32, p: i32): void {
  const left = <f64>(n - 1 - p);
  for (let d = 0; d < D.lawCount; d++) {
    const law = getI32(D.lawStart, d);
    const K = getI32(D.lawM, d) - 1;
    let mass: f64 = 0;
    for (let x = min(p + 1, getI32(D.lawTop, d)); x >= 0; x--) {
      const stay = x <= p ? (getF64(D.laws, law + x) * (left - <f64>(K - x))) / left : 0;
      const rise = x > 0 ? (getF64(D.laws, law + x - 1) * <f64>(K - x + 1)) / left : 0;
      setF64(D.laws, law + x, stay + rise);
      mass += stay + rise;
    }
    if (mass < LAW_TAIL) setI32(D.lawTop, d, -1);
  }
}

/** Clears the group's laws' marks in D.lawOfCount. */
export function releaseLaws(): void {
  for (let d = 0; d < D.lawCount; d++) setI32(D.lawOfCount, getI32(D.lawM, d), -1);
}
