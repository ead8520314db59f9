import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/index.js';
import { formatTrecValue } from '../src/format/trecValue.js';
import { BACKENDS } from './backends.js';
import { FIXTURES, readQrels, readRun, readTrecOutput } from './support/trecFiles.js';

/**
 * trec_eval 10.0's printed values (test/fixtures/trec_eval) reproduced with ties: 'trec'.
 * Not compared: rbp (undefined behaviour in trec_eval, see the fixture README: its graded rbp is
 * not tie-eval's binary RBP) and the measures tie-eval does not have.
 */
const CASES = [
  { out: 'outputs/results.test__qrels.test__q_all_trec.txt', qrels: 'inputs/qrels.test', run: 'inputs/results.test', rel: 1 },
  { out: 'outputs/results.test__qrels.test__q_c_all_trec.txt', qrels: 'inputs/qrels.test', run: 'inputs/results.test', rel: 1 },
  // trec_eval exits 4 here after printing topic 301 (302 has no results and -c is absent)
  { out: 'outputs/results.trunc__qrels.test__q_all_trec.txt', qrels: 'inputs/qrels.test', run: 'inputs/results.trunc', rel: 1 },
  { out: 'outputs/results.trunc__qrels.test__q_c_all_trec.txt', qrels: 'inputs/qrels.test', run: 'inputs/results.trunc', rel: 1 },
  { out: 'outputs/results-302.test__qrels-302.test__q_all_trec.txt', qrels: 'inputs/qrels-302.test', run: 'inputs/results-302.test', rel: 1 },
  { out: 'outputs/results-302.test__qrels-302.test__q_c_all_trec.txt', qrels: 'inputs/qrels-302.test', run: 'inputs/results-302.test', rel: 1 },
  { out: 'outputs/results.comment.test__qrels.comment.test__q_all_trec.txt.gz', qrels: 'inputs/qrels.comment.test.gz', run: 'inputs/results.comment.test.gz', rel: 1 },
  { out: 'outputs/results.comment.test__qrels.comment.test__q_c_all_trec.txt.gz', qrels: 'inputs/qrels.comment.test.gz', run: 'inputs/results.comment.test.gz', rel: 1 },
  { out: 'outputs/results.test__qrels.rel_level__q_all_trec.txt', qrels: 'inputs/qrels.rel_level', run: 'inputs/results.test', rel: 1 },
  { out: 'outputs/results.test__qrels.rel_level__q_c_all_trec.txt', qrels: 'inputs/qrels.rel_level', run: 'inputs/results.test', rel: 1 },
  { out: 'outputs/results.test__qrels.rel_level__q_l2_all_trec.txt', qrels: 'inputs/qrels.rel_level', run: 'inputs/results.test', rel: 2 },
  { out: 'outputs/results.test__qrels.rel_level__q_c_l2_all_trec.txt', qrels: 'inputs/qrels.rel_level', run: 'inputs/results.test', rel: 2 },
  { out: 'probes/tie.run__tie.qrels__probe.txt', qrels: 'probes/tie.qrels', run: 'probes/tie.run', rel: 1 },
  { out: 'probes/exp.run__tie.qrels__probe.txt', qrels: 'probes/tie.qrels', run: 'probes/exp.run', rel: 1 },
  { out: 'probes/neg.run__neg.qrels__probe_l1.txt', qrels: 'probes/neg.qrels', run: 'probes/neg.run', rel: 1 },
  { out: 'probes/neg.run__neg.qrels__probe_l2.txt', qrels: 'probes/neg.qrels', run: 'probes/neg.run', rel: 2 },
  { out: 'probes/zr.run__zr.qrels__probe.txt', qrels: 'probes/zr.qrels', run: 'probes/zr.run', rel: 1 },
  { out: 'probes/r1.run__q1.qrels__q_official.txt', qrels: 'probes/q1.qrels', run: 'probes/r1.run', rel: 1 },
  { out: 'probes/r1.run__q1.qrels__q_c_official.txt', qrels: 'probes/q1.qrels', run: 'probes/r1.run', rel: 1 },
  { out: 'probes/rbpnorm.run__rbpnorm.qrels__probe.txt', qrels: 'probes/rbpnorm.qrels', run: 'probes/rbpnorm.run', rel: 1 },
];

/** trec_eval's measure name as a tie-eval name; `-l` sets rel for all but ndcg, which uses raw labels as gains. */
function tieEvalName(trec: string, rel: number): string | undefined {
  const r = rel === 1 ? '' : `(rel=${rel})`;
  const cut = /^(map_cut|P|recall|ndcg_cut|success)_(\d+)$/.exec(trec);
  if (cut !== null) {
    const base = { map_cut: `AP${r}`, P: `P${r}`, recall: `R${r}`, ndcg_cut: 'nDCG', success: `Success${r}` }[cut[1]!];
    return `${base}@${cut[2]}`;
  }
  return { map: `AP${r}`, recip_rank: `RR${r}`, ndcg: 'nDCG', Rprec: `Rprec${r}`, bpref: `bpref${r}` }[trec];
}

describe.each(BACKENDS)('trec_eval 10.0 parity with ties: trec ($name backend)', ({ options }) => {
  let total = 0;
  it.each(CASES)('$out', ({ out, qrels: qrelsPath, run: runPath, rel }) => {
    const printed = readTrecOutput(new URL(out, FIXTURES));
    const qrels = readQrels(new URL(qrelsPath, FIXTURES));
    const run = readRun(new URL(runPath, FIXTURES));
    const measures = [...printed.keys()].flatMap((trec) => {
      const name = tieEvalName(trec, rel);
      return name === undefined ? [] : [{ trec, name }];
    });
    expect(measures.length).toBeGreaterThan(0);
    const qids = [...new Set([...printed.values()].flatMap((byQuery) => [...byQuery.keys()]))].filter((q) => q !== 'all');
    const sums = new Map<string, number>();
    let compared = 0;
    for (const qid of qids) {
      const judged = qrels.get(qid)!;
      const docs = run.get(qid) ?? [];
      const values = evaluate(
        {
          scores: docs.map((d) => d.score),
          labels: docs.map((d) => judged.get(d.doc) ?? -1),
          docs: docs.map((d) => d.doc),
          idealLabels: [...judged.values()],
        },
        measures.map((m) => m.name),
        { ...options, ties: 'trec' },
      );
      for (const { trec, name } of measures) {
        const want = printed.get(trec)!.get(qid);
        if (want === undefined) continue;
        expect(`${trec} ${qid} ${formatTrecValue(values[name]!)}`).toBe(`${trec} ${qid} ${want}`);
        sums.set(trec, (sums.get(trec) ?? 0) + values[name]!);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(0);
    total += compared;
    // the summary line is the mean over the printed queries (absent when trec_eval stopped early)
    for (const { trec } of measures) {
      const want = printed.get(trec)!.get('all');
      if (want !== undefined) expect(`${trec} all ${formatTrecValue(sums.get(trec)! / qids.length)}`).toBe(`${trec} all ${want}`);
    }
  });
  it('compared many values', () => {
    expect(total).toBeGreaterThan(3500);
  });
});
