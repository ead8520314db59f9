import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/index.js';
import { fromRanx } from '../src/measures/ranxNames.js';
import { randInt, rng } from '../src/util/random.js';
import { BACKENDS } from './backends.js';
import { allOrderings } from './oracle/orderings.js';
import { ranxValue } from './oracle/ranx.js';
import { cli } from './support/cli.js';
import { scratchFiles } from './support/scratchFiles.js';

// ranx's metric names, each against ranx's definition written out in test/oracle/ranx.ts: on
// untied queries the value, on tied ones the average over every ordering of the tied documents.
// (A bare `recall` is trec_eval's, recall at its nine cut-offs: ranx's is `recall-l1`, or SetR.)
const NAMES = [
  'hits', 'hits@3', 'hit_rate', 'hit_rate@2', 'precision', 'precision@3', 'recall-l1', 'recall@3', 'f1', 'f1@3', 'r-precision', 'mrr', 'mrr@2',
  'map', 'map@3', 'dcg', 'dcg@3', 'dcg_burges@3', 'ndcg', 'ndcg@3', 'ndcg_burges', 'ndcg_burges@3', 'rbp.8', 'rbp.95', 'rbp@5',
  'ndcg@3-l2', 'map-l2', 'precision@2-l2', 'hits@4-l3', 'rbp.8-l2', 'recall-l2', 'f1@3-l2',
];

describe('ranx names', () => {
  it('read as the table says', () => {
    expect(fromRanx('ndcg_burges@10-l2')).toBe('nDCG(gain=exp,rel=2)@10');
    expect(fromRanx('rbp.95')).toBe('RBP(gain=label,p=0.95)');
    expect(fromRanx('hits@5')).toBe('NumRet(rel=1)@5');
    expect(fromRanx('precision')).toBe('SetP');
    // not ranx names: ir_measures' (the parser's), a cut-off of 0, r-precision with a cut-off
    for (const name of ['P@10', 'nDCG@10', 'ndcg@0', 'r-precision@5', 'rbp', 'mrr.5']) expect(fromRanx(name), name).toBeUndefined();
  });

  describe.each(BACKENDS)('$name backend', ({ options }) => {
    it('average equals the mean of ranx’s definition over every ordering; input mode its value', () => {
      const next = rng(3601);
      let compared = 0;
      for (let query = 0; query < 150; query++) {
        const n = randInt(next, 0, 7);
        const labels = Array.from({ length: n }, () => randInt(next, -1, 3));
        // a few judgements the ranking lacks
        const unretrieved = Array.from({ length: randInt(next, 0, 3) }, () => randInt(next, 0, 3));
        const idealLabels = [...labels.filter((l) => l >= 0), ...unretrieved];
        const scores = labels.map(() => randInt(next, 0, 2));
        const got = evaluate({ scores, labels, idealLabels }, NAMES, { ...options, ties: 'average' });
        const orders = allOrderings(scores, labels);
        for (const name of NAMES) {
          const mean = orders.reduce((s, ranked) => s + ranxValue(name, { ranked, judged: idealLabels }), 0) / orders.length;
          expect(Math.abs(got[name]! - mean), `query ${query} ${name}: labels ${labels} scores ${scores} ideal ${idealLabels}`).toBeLessThan(1e-12);
          compared++;
        }
        // input order: ranx's value of the ranking as given
        const input = evaluate({ scores: labels.map((_, i) => n - i), labels, idealLabels }, NAMES, { ...options, ties: 'input' });
        for (const name of NAMES) expect(input[name], name).toBeCloseTo(ranxValue(name, { ranked: labels, judged: idealLabels }), 14);
      }
      expect(compared).toBe(150 * NAMES.length);
    });
  });

  it('the command line prints them as written, their summaries means as ranx’s (hits too, which NumRet sums)', async () => {
    const { file } = scratchFiles('ranx');
    const qrels = file('qrels', 'q1 0 a 1\nq1 0 b 2\nq1 0 c 0\nq2 0 x 1\nq2 0 y 1\n');
    const run = file('run', 'q1 Q0 a 1 3 r\nq1 Q0 b 2 2 r\nq1 Q0 c 3 1 r\nq2 Q0 x 1 2 r\nq2 Q0 z 2 1 r\n');
    const { code, stdout } = await cli('-q', '-m', 'hits@2,ndcg@2', '-m', 'rbp.5', qrels, run);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n').map((l) => l.split('\t').map((f) => f.trim()));
    const value = (measure: string, query: string): number => Number(lines.find(([m, q]) => m === measure && q === query)![2]);
    expect(value('hits@2', 'q1')).toBe(2);
    expect(value('hits@2', 'q2')).toBe(1);
    expect(value('hits@2', 'all')).toBe(1.5);
    // rbp.5 with the labels as gains: q1 (1 + 2 * 0.5) / 2 = 1, q2 0.5 * 1 = 0.5
    expect(value('rbp.5', 'q1')).toBe(1);
    expect(value('rbp.5', 'all')).toBe(0.75);
    // ndcg@2 of q2: 1 / (1 + 1 / log2(3))
    expect(value('ndcg@2', 'q2')).toBeCloseTo(1 / (1 + 1 / Math.log2(3)), 4);
  });
});
