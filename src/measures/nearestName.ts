import { MEASURES } from './table.js';

/**
 * Every measure name a user may type, in the table's order: tie-eval's (ir_measures') names and
 * aliases, trec_eval's spellings and ranx's, and the nicknames and text measures trec_eval has.
 */
const NAMES: readonly string[] = [
  ...new Set([...MEASURES.flatMap((m) => [m.name, ...m.aliases.map((a) => a.name), ...m.trec.map((t) => t.name), ...m.ranx.map((r) => r.name)]), 'official', 'set', 'all_trec', 'runid', 'relstring']),
];

/** The edit distance of two strings (insertions, deletions, substitutions, and swaps of two neighbours). */
function distance(x: string, y: string): number {
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[x.length]![y.length]!;
}

/**
 * The measure name nearest to a misspelt one (its part before any `(`, `@` or `.`), or undefined
 * when none is near: within 2 edits, case ignored, and fewer than half its letters; of equals,
 * the nearest with case (`mapp`: map, not MAP), then the first in the table's order.
 * @example nearestName('mapp') // 'map'
 * @example nearestName('recip_rnk') // 'recip_rank'
 */
export function nearestName(name: string): string | undefined {
  const base = name.trim().split(/[(@.]/)[0]!;
  let best: string | undefined;
  let least = Math.min(2, Math.ceil(base.length / 2) - 1);
  let leastCased = Infinity;
  for (const candidate of NAMES) {
    const d = distance(base.toLowerCase(), candidate.toLowerCase());
    if (d > least || (best !== undefined && d === least && distance(base, candidate) >= leastCased)) continue;
    best = candidate;
    least = d;
    leastCased = distance(base, candidate);
  }
  return best;
}
