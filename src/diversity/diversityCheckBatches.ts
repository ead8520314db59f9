import type { DiversityBatch } from '../backends/backend.js';
import { pick, randInt, rng } from '../util/random.js';
import { DiversityBatchBuilder } from './diversityBatch.js';
import { diversityQrels } from './evaluateDiversity.js';
import { parseDiversityMeasures } from './measures.js';

/** The diversity measures selfCheck tries: ndeval's columns, deep and shallow cut-offs, alpha and beta at their ends and between. */
export const DIVERSITY_CHECK_MEASURES = ['ndeval', 'alpha-nDCG@1', 'alpha-nDCG(alpha=0)@3', 'ERR-IA(alpha=1)@50', 'nERR-IA(alpha=0.99)@7', 'alpha-DCG(alpha=0.1)@30', 'NRBP(alpha=0.2,beta=0.9)', 'nNRBP(alpha=0,beta=1)', 'nNRBP(alpha=1,beta=0)', 'P-IA@1', 'strec@50'];

/**
 * Seeded random diversity batches for selfCheck and the differential tests, one without a cut
 * and one cut at rank 7 (-M): `queries` queries of 0 to 60 documents (one in 50 of 200 to 600),
 * 0 to 6 subtopics (a query with none relevant among them), heavy ties (tie groups crossing the
 * cut-offs) or each document alone, unjudged and judged-non-relevant documents, and a query
 * evaluated twice in a row in other orders (the ideal sums kept).
 */
export function diversityCheckBatches(queries: number, seed = 0xd1e5): DiversityBatch[] {
  const measures = parseDiversityMeasures(DIVERSITY_CHECK_MEASURES);
  return [0, 7].map((maxRank) => {
    const next = rng(seed + maxRank);
    const builder = new DiversityBatchBuilder(measures, maxRank);
    for (let q = 0; q < queries; q++) {
      const n = q % 50 === 3 ? randInt(next, 200, 600) : randInt(next, 0, 60);
      const subtopics = randInt(next, 0, 6);
      const chance = pick(next, [0.1, 0.4, 0.9]);
      const judgements: Record<string, Record<string, number>> = {};
      for (let d = 0; d < n + 5; d++) {
        if (next() < 0.4) continue;
        const subs: Record<string, number> = {};
        for (let s = 1; s <= subtopics; s++) subs[String(s)] = next() < chance ? randInt(next, 1, 2) : 0;
        judgements[`d${d}`] = subs;
      }
      const judged = diversityQrels({ q: judgements }).get('q') ?? diversityQrels({ q: { none: { 1: 0 } } }).get('q')!;
      for (let again = 0; again < (next() < 0.2 ? 2 : 1); again++) {
        const levels = pick(next, [1, 2, 3, 8, 1e9]);
        const scores = Array.from({ length: n }, () => randInt(next, 0, levels));
        const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
        const alone = next() < 0.3;
        const ends: number[] = [];
        for (let i = 1; i <= n; i++) if (alone || i === n || scores[order[i]!] !== scores[order[i - 1]!]) ends.push(i);
        builder.add(judged, order.map((d) => judged.rowOf.get(`d${d}`) ?? -1), ends);
      }
    }
    return builder.take();
  });
}
