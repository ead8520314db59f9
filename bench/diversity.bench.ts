import { backendInfo, diversityQrels, evaluateDiversity, evaluateRun } from '../src/index.js';
import { Bench } from 'tinybench';
import { ROUNDS, addRounds, collectRounds, printSection, type BenchResult, type Row } from './report.js';

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
 * ERR-IA@20 (evaluateDiversity, average ties, on each backend that loaded) beside nDCG@20
 * (evaluateRun, auto backend, default threads) on the same queries and scores, the run as objects
 * for both; and one query whose 20,000 documents tie (ndeval's 21 columns and alpha-nDCG at
 * alpha 0.01, whose laws run deepest), on each backend. Medians over ROUNDS alternating rounds
 * (tinybench, one sample a round after a warm-up).
 */
export async function diversityBench(): Promise<void> {
  const { qrels, plain, run, documents } = diversityData(28_043);
  const backends = backendInfo().available;
  const measures = ['alpha-nDCG@20', 'ERR-IA@20'];
  const rows: Row[] = [{ name: 'nDCG@20 (evaluateRun)', run: () => evaluateRun(plain, run, ['nDCG@20']) }, ...backends.map((backend) => ({ name: `${measures.join(' + ')} (evaluateDiversity, ${backend})`, run: () => evaluateDiversity(qrels, run, measures, { backend }) }))];
  const bench = new Bench({ name: 'diversity', iterations: 1, time: 0, warmupIterations: 1 });
  addRounds(bench, rows);
  await bench.run();
  const describe = (name: string): Omit<BenchResult, 'name' | 'medianMs' | 'p75Ms' | 'samples' | 'docsPerSec'> => ({ backend: name.startsWith('nDCG') ? 'auto' : backends.find((b) => name.endsWith(`${b})`))!, threads: name.startsWith('nDCG') ? 0 : 1, variant: '28,043 in-degree-like queries, 3-6 subtopics', ties: 'average', measures: name.startsWith('nDCG') ? ['nDCG@20'] : measures });
  printSection(`diversity against nDCG on the same queries (${documents.toLocaleString('en')} documents, objects; medians of ${ROUNDS} alternating rounds)`, collectRounds(bench, rows, documents, describe));
  // one group of 20,000 tied documents, each relevant to one of three subtopics or judged not relevant
  const many: Record<string, Record<string, number>> = {};
  for (let d = 0; d < 20_000; d++) many[`d${d}`] = { [String(1 + (d % 3))]: d % 2 };
  const tiedQrels = diversityQrels({ q: many });
  const tiedRun = { q: Object.fromEntries(Object.keys(many).map((d) => [d, 0])) };
  const deep = ['ndeval', 'alpha-nDCG(alpha=0.01)@20'];
  const tiedRows: Row[] = backends.map((backend) => ({ name: `ndeval + alpha-nDCG(alpha=0.01)@20 (${backend})`, run: () => evaluateDiversity(tiedQrels, tiedRun, deep, { backend }) }));
  const tied = new Bench({ name: 'diversity, one large group', iterations: 5, time: 0, warmupIterations: 1 });
  addRounds(tied, tiedRows);
  await tied.run();
  const tiedDescribe = (name: string): Omit<BenchResult, 'name' | 'medianMs' | 'p75Ms' | 'samples' | 'docsPerSec'> => ({ backend: backends.find((b) => name.endsWith(`(${b})`))!, threads: 1, variant: 'one query, 20,000 tied documents', ties: 'average', measures: deep });
  printSection(`diversity kernels on one large tie group (20,000 documents; medians of ${ROUNDS} alternating rounds)`, collectRounds(tied, tiedRows, 20_000, tiedDescribe));
}
