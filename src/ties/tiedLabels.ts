/**
 * A query's labels in score order with its tie groups, as the orderings of its ties see them:
 * every measure reads only the labels in rank order (and the judgements, which no ordering
 * moves), so the orderings of a query are the orderings of the labels inside each group of equal
 * scores, groups in score order. Each group's labels are sorted (its first ordering), so two
 * inputs of the same scores and labels give the same arrays, whatever the order of their lines.
 */
export interface TiedLabels {
  /** the kept labels, group after group, each group's sorted ascending */
  readonly labels: Int32Array;
  /** the end of each group in `labels` */
  readonly groupEnds: Int32Array;
}

/**
 * The TiedLabels of query [start, start + n) of a batch. With `maxRank` (> 0) the ranking is
 * cut after the group crossing it, as `average` cuts: that group is kept whole.
 * @example tiedLabels(Float64Array.of(1, 2, 1), Int32Array.of(1, 0, 0), 0, 3, 0)
 * // { labels: Int32Array [0, 0, 1], groupEnds: Int32Array [1, 3] }
 */
export function tiedLabels(scores: ArrayLike<number>, labels: ArrayLike<number>, start: number, n: number, maxRank: number): TiedLabels {
  // score order (±Infinity compared, not subtracted), ties in input order: their inner order is
  // sorted below
  const order = Array.from({ length: n }, (_, i) => start + i).sort((a, b) => (scores[a]! > scores[b]! ? -1 : scores[a]! < scores[b]! ? 1 : a - b));
  const ends: number[] = [];
  for (let i = 1; i <= n; i++) if (i === n || scores[order[i]!] !== scores[order[i - 1]!]) ends.push(i);
  const kept = maxRank > 0 && maxRank < n ? ends.find((end) => end >= maxRank)! : n;
  const keptLabels = Int32Array.from(order.slice(0, kept), (i) => labels[i]!);
  const groupEnds = Int32Array.from(ends.filter((end) => end <= kept));
  for (let g = 0, begin = 0; g < groupEnds.length; begin = groupEnds[g]!, g++) keptLabels.subarray(begin, groupEnds[g]).sort();
  return { labels: keptLabels, groupEnds };
}

/**
 * The distinct orderings of a TiedLabels (the product over its groups of n! over each label's
 * count's factorial); anything above `most` is returned as most + 1.
 */
export function orderingCount(tied: TiedLabels, most: number): number {
  let count = 1;
  for (let g = 0, begin = 0; g < tied.groupEnds.length; begin = tied.groupEnds[g]!, g++) {
    count *= distinctOrderings(tied.labels.subarray(begin, tied.groupEnds[g]), most);
    if (count > most) return most + 1;
  }
  return count;
}

/** The distinct orderings of a multiset of labels (sorted), n! over each label's count's factorial; anything above `most` is returned as most + 1. */
function distinctOrderings(sorted: ArrayLike<number>, most: number): number {
  let count = 1;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i] === sorted[i - 1] ? run + 1 : 1;
    // times C(i + 1, run) / C(i, run - 1): the (i+1)-th label joins, the run-th of its value
    count = (count * (i + 1)) / run;
    if (count > most) return most + 1;
  }
  return count;
}

/**
 * Turns `labels` (a TiedLabels' labels or a copy) into the next ordering of its ties, like an
 * odometer whose last group turns first, each group in lexicographic order; false (and every
 * group sorted again) after the last.
 */
export function nextOrdering(labels: Int32Array, groupEnds: Int32Array): boolean {
  for (let g = groupEnds.length - 1; g >= 0; g--) {
    if (nextPermutation(labels.subarray(g > 0 ? groupEnds[g - 1]! : 0, groupEnds[g]))) return true;
  }
  return false;
}

/** Rearranges `a` into the next ordering in lexicographic order, as C++'s next_permutation; false (and `a` sorted again) after the last. */
function nextPermutation(a: Int32Array): boolean {
  let i = a.length - 2;
  while (i >= 0 && a[i]! >= a[i + 1]!) i--;
  if (i < 0) {
    a.reverse();
    return false;
  }
  let j = a.length - 1;
  while (a[j]! <= a[i]!) j--;
  [a[i], a[j]] = [a[j]!, a[i]!];
  a.subarray(i + 1).reverse();
  return true;
}

/** The [begin, end) pairs of a TiedLabels' groups whose labels are not all equal: the groups an ordering moves. */
export function mixedSpans(tied: TiedLabels): Int32Array {
  const spans: number[] = [];
  for (let g = 0, begin = 0; g < tied.groupEnds.length; begin = tied.groupEnds[g]!, g++) {
    if (tied.labels[begin] !== tied.labels[tied.groupEnds[g]! - 1]) spans.push(begin, tied.groupEnds[g]!);
  }
  return Int32Array.from(spans);
}

/**
 * Puts `labels` (a TiedLabels' labels, in any ordering of its ties) in a uniformly random
 * ordering: each span of `spans` (see mixedSpans) shuffled (Fisher-Yates) with `next`, a source
 * of uniform numbers in [0, 1).
 */
export function shuffleTies(labels: Int32Array, spans: Int32Array, next: () => number): void {
  for (let k = 0; k < spans.length; k += 2) {
    const begin = spans[k]!;
    for (let i = spans[k + 1]! - 1; i > begin; i--) {
      const j = begin + Math.floor(next() * (i - begin + 1));
      const t = labels[i]!;
      labels[i] = labels[j]!;
      labels[j] = t;
    }
  }
}
