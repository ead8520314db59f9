import { coveredSubtopics, relevantPairs, subtopicPrecisionSum } from './coverage.js';
import { idealRanking } from './idealRanking.js';
import type { QueryJudgements } from './judgements.js';
import type { DiversityMeasure } from './measures.js';
import { discount, rankingSums, type RankingSums } from './rankingSums.js';

/** ndeval's "ideal ideal" sums: every subtopic covered at every rank, A (1 - alpha)^i at rank i, cumulative. */
function idealIdeal(subtopics: number, alpha: number, depth: number): { dcg: Float64Array; err: Float64Array } {
  const dcg = new Float64Array(depth);
  const err = new Float64Array(depth);
  let gain = subtopics;
  for (let i = 0; i < depth; i++) {
    dcg[i] = gain * discount(i);
    err[i] = gain / (i + 1);
    gain *= 1 - alpha;
  }
  for (let i = 1; i < depth; i++) {
    dcg[i]! += dcg[i - 1]!;
    err[i]! += err[i - 1]!;
  }
  return { dcg, err };
}

/** The ideal ranking's sums and the ideal-ideal normalisers, per query, per (alpha, beta, depth, NRBP or not): the sd mode evaluates a query many times. */
const idealKept = new WeakMap<QueryJudgements, Map<string, { ideal: RankingSums; norm: { dcg: Float64Array; err: Float64Array } }>>();

/** Positions 0..n-1 each a group of one: a fixed order (the ends of its groups). */
export function singletons(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i + 1);
}

/**
 * A query's value of each measure over a ranking in tie groups (see rankingSums: its mean over
 * every order of each group; groups of one give ndeval's values, computed as ndeval computes them).
 * `subtopics[i]`: the subtopics of the document at position i, undefined when the qrels do not
 * judge it. A query whose judgements hold no relevant subtopic gets 0 for every measure (ndeval
 * gives 0, and NaN for nNRBP). `limit` (-M) cuts the ranking: no position from it on counts.
 */
export function diversityValues(judged: QueryJudgements, subtopics: readonly (Int32Array | undefined)[], groupEnds: ArrayLike<number>, measures: readonly DiversityMeasure[], limit = subtopics.length): number[] {
  const A = judged.subtopics;
  if (A === 0) return measures.map(() => 0);
  // the sums each (alpha, beta) needs: depth for the cut-off measures, NRBP over every rank
  const sums = new Map<string, { run: RankingSums; ideal: RankingSums; norm: { dcg: Float64Array; err: Float64Array } }>();
  const sumsOf = (m: DiversityMeasure): { run: RankingSums; ideal: RankingSums; norm: { dcg: Float64Array; err: Float64Array } } => {
    const key = `${m.alpha}:${m.beta}`;
    let found = sums.get(key);
    if (found === undefined) {
      const alike = measures.filter((x) => x.alpha === m.alpha && x.beta === m.beta);
      const depth = Math.max(1, ...alike.filter((x) => x.cutoff > 0).map((x) => x.cutoff));
      const nrbp = alike.some((x) => x.kind === 'NRBP' || x.kind === 'nNRBP');
      let byKey = idealKept.get(judged);
      if (byKey === undefined) idealKept.set(judged, (byKey = new Map()));
      const idealKey = `${key}:${depth}:${nrbp}`;
      let kept = byKey.get(idealKey);
      if (kept === undefined) {
        const ideal = idealRanking(judged, m.alpha);
        kept = { ideal: rankingSums(judged, ideal, singletons(ideal.length), m.alpha, m.beta, depth, nrbp), norm: idealIdeal(A, m.alpha, depth) };
        byKey.set(idealKey, kept);
      }
      found = { run: rankingSums(judged, subtopics, groupEnds, m.alpha, m.beta, depth, nrbp, limit), ...kept };
      sums.set(key, found);
    }
    return found;
  };
  return measures.map((m) => {
    const k = m.cutoff - 1;
    switch (m.kind) {
      case 'alpha-DCG': {
        const { run, norm } = sumsOf(m);
        return run.dcg[k]! / norm.dcg[k]!;
      }
      case 'alpha-nDCG': {
        const { run, ideal, norm } = sumsOf(m);
        const value = run.dcg[k]! / norm.dcg[k]!;
        return value !== 0 ? value / (ideal.dcg[k]! / norm.dcg[k]!) : 0;
      }
      case 'ERR-IA': {
        const { run, norm } = sumsOf(m);
        return run.err[k]! / norm.err[k]!;
      }
      case 'nERR-IA': {
        const { run, ideal, norm } = sumsOf(m);
        // ndeval normalises where alpha-DCG is not 0 (the same rankings)
        return run.dcg[k]! !== 0 ? run.err[k]! / norm.err[k]! / (ideal.err[k]! / norm.err[k]!) : 0;
      }
      case 'NRBP':
      case 'nNRBP': {
        const { run, ideal } = sumsOf(m);
        const scale = (1 - (1 - m.alpha) * m.beta) / A;
        const value = run.nrbp * scale;
        if (m.kind === 'NRBP') return value;
        // as ndeval, both scaled; alpha 0 with beta 1 scales both to 0: the ratio of the sums
        return scale === 0 ? run.nrbp / ideal.nrbp : value / (ideal.nrbp * scale);
      }
      case 'MAP-IA':
        return subtopicPrecisionSum(judged, subtopics, groupEnds, limit) / A;
      case 'P-IA':
        return relevantPairs(subtopics, groupEnds, Math.min(m.cutoff, limit)) / (m.cutoff * A);
      case 'strec':
        return coveredSubtopics(judged, subtopics, groupEnds, Math.min(m.cutoff, limit)) / A;
    }
  });
}
