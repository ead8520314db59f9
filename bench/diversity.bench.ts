import { backendInfo, diversityQrels, evaluateDiversity, evaluateRun } from '../src/index.js';
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

/** Medians and 75th percentiles of alternating rounds of `tasks` (the first round warms them up), as bench rows. */
function alternating(tasks: Record<string, () => void>, row: (name: string) => Omit<BenchResult, 'name' | 'medianMs' | 'p75Ms' | 'samples' | 'docsPerSec'>, documents: number): BenchResult[] {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(tasks).map((name) => [name, []]));
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const name of round % 2 === 0 ? Object.keys(tasks) : Object.keys(tasks).reverse()) {
      const start = performance.now();
      tasks[name]!();
      if (round > 0) times[name]!.push(performance.now() - start);
    }
  }
  return Object.entries(times).map(([name, ms]) => {
    const sorted = [...ms].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    return { name, ...row(name), medianMs: median, p75Ms: sorted[Math.floor(sorted.length * 0.75)]!, samples: ms.length, docsPerSec: documents / (median / 1000) };
  });
}

/**
 * `--only diversity`: 28,043 in-degree-like queries with 3-6 subtopics each, alpha-nDCG@20 and
 * ERR-IA@20 (evaluateDiversity, average ties, on each backend that loaded) beside nDCG@20
 * (evaluateRun, auto backend, default threads) on the same queries and scores, the run as objects
 * for both; and one query whose 20,000 documents tie (ndeval's 21 columns and alpha-nDCG at
 * alpha 0.01, whose laws run deepest), on each backend. Medians of ROUNDS alternating rounds.
 */
export function diversityBench(): void {
  const { qrels, plain, run, documents } = diversityData(28_043);
  const backends = backendInfo().available;
  const measures = ['alpha-nDCG@20', 'ERR-IA@20'];
  const rows = alternating(
    Object.fromEntries([['nDCG@20 (evaluateRun)', () => evaluateRun(plain, run, ['nDCG@20'])], ...backends.map((backend) => [`${measures.join(' + ')} (evaluateDiversity, ${backend})`, () => evaluateDiversity(qrels, run, measures, { backend })])]),
    (name) => ({ backend: name.startsWith('nDCG') ? 'auto' : backends.find((b) => name.endsWith(`${b})`))!, threads: name.startsWith('nDCG') ? 0 : 1, variant: '28,043 in-degree-like queries, 3-6 subtopics', ties: 'average', measures: name.startsWith('nDCG') ? ['nDCG@20'] : measures }),
    documents,
  );
  results.push(...rows);
  printSection(`diversity against nDCG on the same queries (${documents.toLocaleString('en')} documents, objects; medians of ${ROUNDS} alternating rounds)`, rows);
  // one group of 20,000 tied documents, each relevant to one of three subtopics or judged not relevant
  const many: Record<string, Record<string, number>> = {};
  for (let d = 0; d < 20_000; d++) many[`d${d}`] = { [String(1 + (d % 3))]: d % 2 };
  const tiedQrels = diversityQrels({ q: many });
  const tiedRun = { q: Object.fromEntries(Object.keys(many).map((d) => [d, 0])) };
  const deep = ['ndeval', 'alpha-nDCG(alpha=0.01)@20'];
  const tiedRows = alternating(
    Object.fromEntries(backends.map((backend) => [`ndeval + alpha-nDCG(alpha=0.01)@20 (${backend})`, () => evaluateDiversity(tiedQrels, tiedRun, deep, { backend })])),
    (name) => ({ backend: backends.find((b) => name.endsWith(`(${b})`))!, threads: 1, variant: 'one query, 20,000 tied documents', ties: 'average', measures: deep }),
    20_000,
  );
  results.push(...tiedRows);
  printSection(`diversity kernels on one large tie group (20,000 documents; medians of ${ROUNDS} alternating rounds)`, tiedRows);
}
