import { diversityQrels, evaluateDiversity, evaluateRun } from '../src/index.js';
import { ROUNDS, printSection, results, type BenchResult } from './report.js';

/**
 * In-degree-like queries with subtopic judgements: 20-219 documents each, scores a rounded
 * exponential (many small ties), 30% of the documents judged for 3-6 subtopics, relevant to each
 * with chance 0.4; `plain` holds each judged document's largest judgement, for nDCG.
 */
function diversityData(queries: number): { qrels: ReturnType<typeof diversityQrels>; plain: Record<string, Record<string, number>>; run: Record<string, Record<string, number>>; documents: number } {
  let x = 11;
  const r = (): number => (x = (x * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const judged: Record<string, Record<string, Record<string, number>>> = {};
  const plain: Record<string, Record<string, number>> = {};
  const run: Record<string, Record<string, number>> = {};
  let documents = 0;
  for (let q = 0; q < queries; q++) {
    const n = 20 + Math.floor(r() * 200);
    const subtopics = 3 + Math.floor(r() * 4);
    const subs: Record<string, Record<string, number>> = {};
    const best: Record<string, number> = {};
    const ranked: Record<string, number> = {};
    for (let d = 0; d < n; d++) {
      ranked[`d${d}`] = Math.floor(-Math.log(r() + 1e-12) * 3);
      if (r() >= 0.3) continue;
      const bySubtopic: Record<string, number> = {};
      let top = 0;
      for (let s = 1; s <= subtopics; s++) top = Math.max(top, (bySubtopic[s] = r() < 0.4 ? 1 : 0));
      subs[`d${d}`] = bySubtopic;
      best[`d${d}`] = top;
    }
    judged[`q${q}`] = subs;
    plain[`q${q}`] = best;
    run[`q${q}`] = ranked;
    documents += n;
  }
  return { qrels: diversityQrels(judged), plain, run, documents };
}

/**
 * `--only diversity`: 28,043 in-degree-like queries with 3-6 subtopics each, alpha-nDCG@20 and
 * ERR-IA@20 (evaluateDiversity, average ties) beside nDCG@20 (evaluateRun, auto backend, default
 * threads) on the same queries and scores, the run as objects for both. Medians of ROUNDS
 * alternating rounds.
 */
export function diversityBench(): void {
  const { qrels, plain, run, documents } = diversityData(28_043);
  const times: Record<string, number[]> = { 'nDCG@20 (evaluateRun)': [], 'alpha-nDCG@20 + ERR-IA@20 (evaluateDiversity)': [] };
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const name of round % 2 === 0 ? Object.keys(times) : Object.keys(times).reverse()) {
      const start = performance.now();
      if (name.startsWith('nDCG')) evaluateRun(plain, run, ['nDCG@20']);
      else evaluateDiversity(qrels, run, ['alpha-nDCG@20', 'ERR-IA@20']);
      // the first round warms both up
      if (round > 0) times[name]!.push(performance.now() - start);
    }
  }
  const rows: BenchResult[] = Object.entries(times).map(([name, ms]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return { name, backend: name.startsWith('nDCG') ? 'auto' : 'js', threads: name.startsWith('nDCG') ? 0 : 1, variant: '28,043 in-degree-like queries, 3-6 subtopics', ties: 'average', measures: name.startsWith('nDCG') ? ['nDCG@20'] : ['alpha-nDCG@20', 'ERR-IA@20'], medianMs: median, p75Ms: sorted[Math.floor(sorted.length * 0.75)]!, samples: ms.length, docsPerSec: documents / (median / 1000) };
  });
  results.push(...rows);
  printSection(`diversity against nDCG on the same queries (${documents.toLocaleString('en')} documents, objects; medians of ${ROUNDS} alternating rounds)`, rows);
}
