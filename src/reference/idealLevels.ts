/**
 * Walks the ideal ranking of a query from its gain levels (step 0's constants at `slot`: a
 * count L, then L pairs gain, how many, by gain descending): the ideal gain at each rank, 0
 * past the positive ones. G, ndcg_rel and Rndcg read the ideal ranking rank by rank with it.
 */
export class IdealWalk {
  private level = 0;
  private left = 0;
  private count = 0;
  private at = 0;
  private constants: Float64Array = new Float64Array(0);

  /** Starts at rank 1 of the levels at constants[slot..]. */
  start(constants: Float64Array, slot: number): void {
    this.constants = constants;
    this.at = slot + 1;
    this.count = constants[slot]!;
    this.level = 0;
    this.left = this.count > 0 ? constants[this.at + 1]! : 0;
  }

  /** The ideal gain at the next rank (0 once the levels are used up). */
  next(): number {
    while (this.left === 0 && this.level + 1 < this.count) {
      this.level++;
      this.left = this.constants[this.at + 2 * this.level + 1]!;
    }
    if (this.left === 0) return 0;
    this.left--;
    return this.constants[this.at + 2 * this.level]!;
  }
}

/** The ranks the ideal ranking's positive gains fill: the sum of the levels' counts. */
export function idealCount(constants: Float64Array, slot: number): number {
  let total = 0;
  for (let l = 0; l < constants[slot]!; l++) total += constants[slot + 2 + 2 * l]!;
  return total;
}

/** The sum of the ideal ranking's positive gains. */
export function idealGainSum(constants: Float64Array, slot: number): number {
  let total = 0;
  for (let l = 0; l < constants[slot]!; l++) total += constants[slot + 1 + 2 * l]! * constants[slot + 2 + 2 * l]!;
  return total;
}
