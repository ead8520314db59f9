import { describe, expect, it } from 'vitest';
import { ApNorm, Gain } from '../src/measures/codes.js';
import { Kind } from '../src/measures/table.js';
import { MeasureNameError, parseMeasure } from '../src/measures/parse.js';
import { evaluate } from '../src/index.js';

describe('measure names (ir_measures spelling)', () => {
  it('parses names, parameters and cut-offs', () => {
    expect(parseMeasure('P@10')).toMatchObject({ kind: Kind.P, cutoff: 10, rel: 1 });
    expect(parseMeasure('P(rel=2)@5')).toMatchObject({ kind: Kind.P, cutoff: 5, rel: 2 });
    expect(parseMeasure('nDCG(gain=exp)@10')).toMatchObject({ kind: Kind.NDCG, cutoff: 10, gain: Gain.EXP });
    expect(parseMeasure('nDCG')).toMatchObject({ kind: Kind.NDCG, cutoff: 0, gain: Gain.LINEAR });
    expect(parseMeasure('AP(norm=found)@5')).toMatchObject({ kind: Kind.AP, cutoff: 5, norm: ApNorm.FOUND });
    expect(parseMeasure('AP(rel=2, norm=min)')).toMatchObject({ kind: Kind.AP, cutoff: 0, norm: ApNorm.MIN, rel: 2 });
    expect(parseMeasure('RBP')).toMatchObject({ kind: Kind.RBP, p: 0.8 });
    expect(parseMeasure('RBP(p=0.95)@100')).toMatchObject({ kind: Kind.RBP, p: 0.95, cutoff: 100 });
    expect(parseMeasure('Bpref')).toMatchObject({ kind: Kind.BPREF });
    expect(parseMeasure('Success@1')).toMatchObject({ kind: Kind.SUCCESS, cutoff: 1 });
  });

  it('returns each value under the name exactly as given', () => {
    const v = evaluate({ scores: [2, 1], labels: [0, 1] }, ['P@1', 'P(rel=1)@1', 'RR', 'Bpref'], {});
    expect(Object.keys(v)).toEqual(['P@1', 'P(rel=1)@1', 'RR', 'Bpref']);
    // bpref: the one relevant document follows the one judged non-relevant: 1 - min(1, R)/min(N, R) = 0
    expect(v).toEqual({ 'P@1': 0, 'P(rel=1)@1': 0, RR: 0.5, Bpref: 0 });
  });
});

describe("ir_measures' spellings", () => {
  it("quoted string values (dcg='exp-log2', dcg=\"log2\") read as unquoted; judged_only=True on P, R, AP, RR, Rprec, Success and SetP equals the judgedOnly option; results keyed by the name as given", () => {
    const query = { scores: [5, 4, 4, 3, 2, 1], labels: [2, -1, 1, 0, -1, 3], idealLabels: [2, 1, 0, 3, 1] };
    const quoted = evaluate(query, ["nDCG(dcg='exp-log2')@10", 'nDCG(dcg="exp-log2")', "nDCG(dcg='log2')@10"]);
    const plain = evaluate(query, ['nDCG(dcg=exp-log2)@10', 'nDCG(dcg=exp-log2)', 'nDCG(dcg=log2)@10']);
    expect(Object.keys(quoted)).toEqual(["nDCG(dcg='exp-log2')@10", 'nDCG(dcg="exp-log2")', "nDCG(dcg='log2')@10"]);
    expect(Object.values(quoted)).toEqual(Object.values(plain));
    const names = ['P@2', 'R@3', 'AP', 'RR', 'Rprec', 'Success@1', 'SetP'];
    const judged = evaluate(query, names.map((n) => n.replace(/^(\w+)/, '$1(judged_only=True)')));
    const option = evaluate(query, names, { judgedOnly: true });
    expect(Object.values(judged)).toEqual(Object.values(option));
    // the unjudged document tied at ranks 2-3 takes rank 2 half the time without judged_only; with it, it is gone
    expect([evaluate(query, ['P@2'])['P@2'], judged['P(judged_only=True)@2']]).toEqual([0.75, 1]);
    expect(() => parseMeasure("nDCG(dcg='exp-log2)")).toThrow(MeasureNameError);
  });
});
