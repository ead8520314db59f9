import { getF64 } from './memory';

// Walks the ideal ranking of a query from its gain levels (step 0's constants at `slot`: a
// count L, then L pairs gain, how many, by gain descending): the ideal gain at each rank, 0
// past the positive ones. G, ndcg_rel and Rndcg read the ideal ranking rank by rank with it.
// One walk at a time, in globals (the reference's IdealWalk object).

let walkLevel: i32 = 0;
let walkLeft: f64 = 0;
let walkCount: i32 = 0;
let walkLevels: usize = 0;

/** Starts the walk at rank 1 of the levels at constants[slot..]. */
export function walkStart(constants: usize, slot: i32): void {
  walkLevels = constants + ((<usize>slot + 1) << 3);
  walkCount = <i32>getF64(constants, slot);
  walkLevel = 0;
  walkLeft = walkCount > 0 ? getF64(walkLevels, 1) : 0;
}

/** The ideal gain at the walk's next rank (0 once the levels are used up). */
export function walkNext(): f64 {
  while (walkLeft == 0 && walkLevel + 1 < walkCount) {
    walkLevel++;
    walkLeft = getF64(walkLevels, 2 * walkLevel + 1);
  }
  if (walkLeft == 0) return 0;
  walkLeft--;
  return getF64(walkLevels, 2 * walkLevel);
}

/** The ranks the ideal ranking's positive gains fill: the sum of the levels' counts. */
export function idealCount(constants: usize, slot: i32): f64 {
  let total: f64 = 0;
  for (let l = 0; <f64>l < getF64(constants, slot); l++) total += getF64(constants, slot + 2 + 2 * l);
  return total;
}

/** The sum of the ideal ranking's positive gains. */
export function idealGainSum(constants: usize, slot: i32): f64 {
  let total: f64 = 0;
  for (let l = 0; <f64>l < getF64(constants, slot); l++) total += getF64(constants, slot + 1 + 2 * l) * getF64(constants, slot + 2 + 2 * l);
  return total;
}
