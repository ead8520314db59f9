/**
 * Every ordering of a query consistent with its scores, up to equal labels: within each group of
 * equal scores, every distinct arrangement of its labels. Each distinct arrangement stands for
 * the same number of orderings (the product of the factorials of the label counts), so the plain
 * average over these equals the average over all orderings.
 */
function distinctPermutations(items: number[]): number[][] {
  const sorted = [...items].sort((a, b) => a - b);
  const out: number[][] = [];
  const used = new Array<boolean>(sorted.length).fill(false);
  const cur: number[] = [];
  const rec = (): void => {
    if (cur.length === sorted.length) {
      out.push([...cur]);
      return;
    }
    for (let i = 0; i < sorted.length; i++) {
      if (used[i] || (i > 0 && sorted[i] === sorted[i - 1] && !used[i - 1])) continue;
      used[i] = true;
      cur.push(sorted[i]!);
      rec();
      cur.pop();
      used[i] = false;
    }
  };
  rec();
  return out;
}

/** The labels of every consistent ordering (up to equal labels), score descending. */
export function allOrderings(scores: readonly number[], labels: readonly number[]): number[][] {
  const distinct = [...new Set(scores)].sort((a, b) => b - a);
  const groups = distinct.map((s) => distinctPermutations(labels.filter((_, i) => scores[i] === s)));
  let result: number[][] = [[]];
  for (const perms of groups) {
    const next: number[][] = [];
    for (const prefix of result) for (const p of perms) next.push([...prefix, ...p]);
    result = next;
  }
  return result;
}
