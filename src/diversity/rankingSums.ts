import { groupSubtopics } from './groupSubtopics.js';
import type { QueryJudgements } from './judgements.js';

/** Where the truncated sum of a hypergeometric's q^x stops: terms past it weigh below 2^-60 of the first. */
const TAIL_BITS = 60;

/** ndeval's rank discount of 0-based rank i: ln 2 / ln(i + 2) (1 at the top). */
export function discount(i: number): number {
  return Math.log(2) / Math.log(i + 2);
}

/**
 * The sums behind ndeval's alpha-DCG, ERR-IA and NRBP over a ranking (before their
 * normalisations), each the sum over ranks i of gain_i times the rank's weight, where gain_i sums
 * (1 - alpha)^c over the subtopics the document at rank i is relevant to, c counting the documents
 * above it relevant to the same subtopic.
 */
export interface RankingSums {
  /** dcg[i]: the sum over ranks 0..i of gain x discount(rank), for i < the depth asked */
  readonly dcg: Float64Array;
  /** err[i]: the sum over ranks 0..i of gain / (rank + 1) */
  readonly err: Float64Array;
  /** the sum over every rank of gain x beta^rank */
  readonly nrbp: number;
}

/**
 * E[(1 - alpha)^X] for X hypergeometric (N = n - 1 documents, K = m - 1 of them relevant to a
 * subtopic, p drawn), for p = 0 .. slots - 1, into `out`: the law of X is carried from p to p + 1
 * (the (p+1)-th draw is relevant with chance (K - x) / (N - p)), only up to x = T, where q^T is below
 * 2^-60: a term past T weighs less than that, and the law up to T never reads past it.
 */
function expectedPowers(n: number, m: number, q: number, slots: number, out: Float64Array): void {
  if (q === 1) {
    out.fill(1, 0, slots);
    return;
  }
  const N = n - 1;
  const K = m - 1;
  const top = q === 0 ? 0 : Math.min(K, Math.ceil((TAIL_BITS * Math.LN2) / -Math.log(q)));
  const law = new Float64Array(top + 1);
  const power = new Float64Array(top + 1);
  law[0] = 1;
  power[0] = 1;
  for (let x = 1; x <= top; x++) power[x] = power[x - 1]! * q;
  for (let p = 0; p < slots; p++) {
    let sum = 0;
    for (let x = Math.min(p, top); x >= 0; x--) sum += law[x]! * power[x]!;
    out[p] = sum;
    if (p === N) break;
    // the (p+1)-th draw
    const left = N - p;
    for (let x = Math.min(p + 1, top); x >= 0; x--) {
      const stay = x <= p ? (law[x]! * (left - (K - x))) / left : 0;
      const rise = x > 0 ? (law[x - 1]! * (K - x + 1)) / left : 0;
      law[x] = stay + rise;
    }
  }
}

/**
 * The RankingSums of a ranking whose positions fall in groups of tied documents: their mean over
 * every order of each group, alike (`groupEnds[g]`: the end, exclusive, of group g; a group of one
 * is a fixed position, and then each step is ndeval's own, in its order). `subtopics[i]`: the
 * subtopics of the document at position i (ascending; empty or undefined when it is relevant to
 * none). Sums to rank `depth` - 1 for dcg and err, over every rank for nrbp when `withNrbp`, and
 * over no rank from `limit` on (-M: the ranking cut there; a group crossing it is cut in a random
 * order, whose first slots are those of the whole group's).
 *
 * A document relevant to subtopic j in a group of n holding m such documents, below C of them:
 * its slot p is uniform, and given it, the m - 1 others above it inside the group are
 * hypergeometric (n - 1, m - 1, p), so the group's expected gain at slot p from j is
 * q^C (m / n) E[q^X]: see expectedPowers.
 */
export function rankingSums(judged: QueryJudgements, subtopics: readonly (Int32Array | undefined)[], groupEnds: ArrayLike<number>, alpha: number, beta: number, depth: number, withNrbp: boolean, limit = subtopics.length): RankingSums {
  const q = 1 - alpha;
  const dcg = new Float64Array(depth);
  const err = new Float64Array(depth);
  const gain = new Float64Array(judged.subtopics).fill(1);
  const inGroup = new Int32Array(judged.subtopics);
  const total = Math.min(subtopics.length, limit);
  const slotsNeeded = withNrbp ? total : Math.min(total, depth);
  let powers = new Float64Array(64);
  let nrbp = 0;
  let decay = 1;
  let start = 0;
  for (let g = 0; g < groupEnds.length && start < slotsNeeded; g++) {
    const end = groupEnds[g]!;
    const n = end - start;
    const slots = Math.min(n, slotsNeeded - start);
    // m per subtopic, and the subtopics present, ascending
    const present = groupSubtopics(subtopics, start, end, inGroup);
    if (powers.length < present.length * slots) powers = new Float64Array(2 * present.length * slots);
    // E[q^X] per slot, once per distinct m
    const firstOfM = new Map<number, number>();
    present.forEach((j, at) => {
      const m = inGroup[j]!;
      const seen = firstOfM.get(m);
      if (seen === undefined) {
        firstOfM.set(m, at);
        expectedPowers(n, m, q, slots, powers.subarray(at * slots, (at + 1) * slots));
      } else powers.copyWithin(at * slots, seen * slots, (seen + 1) * slots);
    });
    for (let p = 0; p < slots; p++) {
      const i = start + p;
      let score = 0;
      for (let at = 0; at < present.length; at++) {
        const j = present[at]!;
        score += gain[j]! * (inGroup[j]! / n) * powers[at * slots + p]!;
      }
      if (i < depth) {
        dcg[i] = score * discount(i);
        err[i] = score / (i + 1);
      }
      if (withNrbp) {
        nrbp += score * decay;
        decay *= beta;
      }
    }
    for (const j of present) {
      for (let c = inGroup[j]!; c > 0; c--) gain[j]! *= q;
      inGroup[j] = 0;
    }
    start = end;
  }
  for (let i = 1; i < depth; i++) {
    dcg[i]! += dcg[i - 1]!;
    err[i]! += err[i - 1]!;
  }
  return { dcg, err, nrbp };
}
