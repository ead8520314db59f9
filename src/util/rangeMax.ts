/**
 * The largest of a growing list of numbers over any range of it: a segment tree, O(log n) per
 * push and per range, 16 bytes per number.
 * @example
 * const rows = new RangeMax();
 * for (const x of [3, 9, 4, 1]) rows.push(x);
 * rows.max(2, 4) // 4: the largest of items 2 and 3
 */
export class RangeMax {
  /** leaves at size..2 size - 1, each node the larger of its children; size a power of two */
  private tree = new Float64Array(2).fill(-Infinity);
  private size = 1;
  /** items pushed */
  length = 0;

  push(x: number): void {
    if (this.length === this.size) {
      const size = 2 * this.size;
      const tree = new Float64Array(2 * size).fill(-Infinity);
      tree.set(this.tree.subarray(this.size, 2 * this.size), size);
      for (let i = size - 1; i >= 1; i--) tree[i] = Math.max(tree[2 * i]!, tree[2 * i + 1]!);
      this.tree = tree;
      this.size = size;
    }
    let i = this.size + this.length++;
    this.tree[i] = x;
    for (i >>= 1; i >= 1; i >>= 1) this.tree[i] = Math.max(this.tree[2 * i]!, this.tree[2 * i + 1]!);
  }

  /** The largest of items from..to-1 (-Infinity for an empty range). */
  max(from: number, to: number): number {
    let best = -Infinity;
    for (let lo = from + this.size, hi = to + this.size; lo < hi; lo >>= 1, hi >>= 1) {
      if (lo & 1) best = Math.max(best, this.tree[lo++]!);
      if (hi & 1) best = Math.max(best, this.tree[--hi]!);
    }
    return best;
  }
}
