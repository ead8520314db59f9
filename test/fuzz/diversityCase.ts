import { diversityQrels, evaluateDiversity, type BackendName } from '../../src/index.js';
import { pick, randInt, rng } from '../../src/util/random.js';
import { SPECIAL } from './fuzzCase.js';

/** The diversity measure names a case draws from, with the parameters and cut-offs (and, hostile, mutations of them). */
const NAMES = ['ndeval', 'alpha-nDCG@5', 'alpha_nDCG(alpha=0.7)@10', 'ERR-IA@3', 'ERR_IA(alpha=1)@20', 'nERR-IA(alpha=0)@2', 'alpha-DCG@1', 'NRBP', 'nNRBP(alpha=0,beta=1)', 'NRBP(beta=0)', 'MAP-IA', 'AP_IA', 'P-IA@4', 'StRecall@2', 'strec@100'];
const MUTATED = ['alpha-nDCG@0', 'alpha-nDCG(alpha=2)@5', 'NRBP@5', 'MAP-IA(alpha=0.5)', 'ERR-IA', 'strec@-1', 'alpha-nDCG(alpha=)@5', 'P-IA@1e15'];

/**
 * One fuzz case of the diversity measures, made from its seed alone: evaluateDiversity on subtopic
 * judgements and a run as objects, Maps or ranked queries (ranks given or not), with random tie
 * modes (sd rarely, on small queries), -M and -c, and (a third of the cases) hostile values:
 * special scores and judgments, a document listed twice, mutated names and options.
 */
export function diversityCase(seed: number): { readonly seed: number; readonly call: 'evaluateDiversity'; run(backend: BackendName): unknown } {
  const next = rng(seed ^ 0xd17e);
  const hostile = next() < 0.3;
  const queries = randInt(next, 1, 4);
  const judgements: Record<string, Record<string, Record<string, number>>> = {};
  const run: Record<string, { docs: string[]; scores: number[]; ranks?: number[] }> = {};
  let small = true;
  for (let q = 0; q < queries; q++) {
    const n = next() < 0.9 ? randInt(next, 0, 14) : randInt(next, 15, 90);
    small &&= n <= 14;
    const subtopics = randInt(next, 0, 5);
    const docs = Array.from({ length: n }, (_, i) => (!hostile || next() < 0.97 ? `d${i}` : 'd0'));
    const judged: Record<string, Record<string, number>> = {};
    for (let d = 0; d < n + 3; d++) {
      if (next() < 0.35) continue;
      const subs: Record<string, number> = {};
      for (let s = 1; s <= subtopics; s++) if (next() < 0.7) subs[String(s)] = hostile && next() < 0.03 ? pick(next, SPECIAL) : randInt(next, -1, 2);
      judged[`d${d}`] = subs;
    }
    judgements[`q${q}`] = judged;
    const levels = pick(next, [0, 1, 2, 5, 1000]);
    const scores = docs.map(() => (hostile && next() < 0.03 ? pick(next, SPECIAL) : randInt(next, 0, levels)));
    run[`q${q}`] = { docs, scores, ...(next() < 0.5 ? { ranks: docs.map(() => randInt(next, 1, n + 1)) } : {}) };
  }
  const measures = Array.from({ length: randInt(next, 1, 3) }, () => (hostile && next() < 0.2 ? pick(next, MUTATED) : pick(next, NAMES)));
  const ties = hostile && next() < 0.1 ? pick(next, ['range', 'best', '']) : small && next() < 0.1 ? 'sd' : pick(next, ['average', 'trec', 'input']);
  const options: Record<string, unknown> = { ties };
  if (next() < 0.3) options.maxRank = pick(next, hostile ? [0, 1, 3, -1, 2.5] : [0, 1, 3, 8]);
  if (next() < 0.2) options.allQueries = true;
  const form = pick(next, ['ranked', 'objects', 'maps'] as const);
  const shaped = Object.fromEntries(
    Object.entries(run).map(([qid, r]) => {
      if (form === 'ranked') return [qid, r];
      const pairs = r.docs.map((d, i): [string, number] => [d, r.scores[i]!]);
      return [qid, form === 'maps' ? new Map(pairs) : Object.fromEntries(pairs)];
    }),
  );
  return {
    seed,
    call: 'evaluateDiversity',
    run: (backend) => evaluateDiversity(diversityQrels(judgements), shaped as never, measures, { ...options, backend } as never),
  };
}
