import { describe, expect, it } from 'vitest';
import { adjustPValues, backendInfo, evaluate, evaluateBatch, evaluateRun, exactFlip, FeatureEvaluator, measuresHaveSpread, randomizationTest, ready, TieCounter, tieFlip } from '../src/index.js';
import { tieOrderings } from '../src/runs/tieOrderings.js';
import { meanError, meanOf } from '../src/core/means.js';
import { tiedLabels } from '../src/ties/tiedLabels.js';
import { booleanOption } from '../src/api/booleanOption.js';
import { foreignFormat } from '../src/io/input.js';
import { nearestName } from '../src/measures/nearestName.js';
import { counted } from '../src/util/counted.js';
import { FeatureTies } from '../src/features/featureTies.js';
import { parseAnyMeasure } from '../src/measures/expandNames.js';
import { binomial, FREE_ORDERS, freeOrdersRow } from '../src/reference/freeOrders.js';
import { log2 } from '../src/reference/log2.js';

/** The values the doc comments' @example lines show, one by one. */
describe('the doc comments\' examples', () => {
  it('give the values they show', async () => {
    // ready's: in Node it resolves at once to the backend that serves
    expect((await ready()).selected).toBe(backendInfo().selected);
    // evaluate's doc comment, and the README's example (with RR)
    const e = evaluate({ scores: [3, 2, 2, 1], labels: [0, 1, 0, 1] }, ['AP', 'P@2', 'RR']);
    expect(e.AP!.toFixed(4)).toBe('0.4583');
    expect(e['P@2']).toBe(0.25);
    expect(e.RR!.toFixed(4)).toBe('0.4167');
    expect([...evaluateBatch({ scores: Float64Array.of(3, 2, 1, 1), labels: Int32Array.of(0, 1, 1, 0), offsets: Uint32Array.of(0, 2, 4) }, ['P@1']).perQuery['P@1']!]).toEqual([0, 0.5]);
    expect(evaluateRun({ q1: { a: 1, b: 0 } }, { q1: { a: 1, b: 1 } }, ['P@1']).mean['P@1']).toBe(0.5);
    expect(measuresHaveSpread(['AP', 'P.5,10'], 1)).toBe(true);
    expect(measuresHaveSpread(['AP', 'infAP'], 1)).toBe(false);
    expect(tieFlip(0.01, [0.02, 0], [0, 0]).probability.toFixed(3)).toBe('0.841');
    expect(exactFlip([0.5, 1], [0.5, 0.5], [[0, 1], []], [[], []])).toBe(0.5);
    expect([...tieOrderings({ scores: Float64Array.of(1, 1, 1), labels: Int32Array.of(0, 1, 0), offsets: Uint32Array.of(0, 3), idealLabels: [[0, 1, 0]] }, ['P@1'], 10, 100, {}).listed[0]!]).toEqual([0, 0, 1]);
    expect(parseAnyMeasure('P_5').cutoff).toBe(5);
    expect(log2(8)).toBe(3);
    expect(FREE_ORDERS[freeOrdersRow(2) + 3]).toBe(10);
    expect(binomial(5, 2)).toBe(10);
    expect(meanOf([0.5, 2], 0, 2, 'logs')).toBe(1);
    expect(meanOf([0.3, 0.4], 0, 2, 'squares')).toBeCloseTo(0.25, 15);
    expect(booleanOption(undefined, 'judgedOnly')).toBe(false);
    expect(nearestName('mapp')).toBe('map');
    expect(counted(1, 'query', 'queries')).toBe('1 query');
    expect(nearestName('recip_rnk')).toBe('recip_rank');
    expect(foreignFormat(Uint8Array.of(0x42, 0x5a, 0x68, 0x39))).toBe('a bzip2 file: decompress it first (bunzip2), or gzip it');
    expect(meanError([0.5, 0.5], 0, 2, new Map([[0, 0.02], [1, 0.02]]), 'values').toFixed(5)).toBe('0.01414');
    expect(tiedLabels(Float64Array.of(1, 2, 1), Int32Array.of(1, 0, 0), 0, 3, 0)).toEqual({ labels: Int32Array.of(0, 0, 1), groupEnds: Int32Array.of(1, 3) });
    expect(adjustPValues([0.01, 0.04, 0.03], 'holm').map((p) => +p.toFixed(12))).toEqual([0.03, 0.06, 0.06]);
    expect(randomizationTest([1, 1, 1], [0, 0, 0], 999)).toBeCloseTo(0.25, 1);
    const counter = new TieCounter();
    counter.add({ scores: [3, 2, 2], ranks: [1, 2, 3] });
    expect(counter.result('run').tiedDocuments).toBe(1);
    const counts = new FeatureTies();
    counts.query(3);
    counts.count(0, Float64Array.of(2, 1, 2), 0, 3);
    expect(counts.of(1)).toEqual({ tiedPercent: 100 / 3, largestGroup: 2 });
    const evaluator = new FeatureEvaluator({ measures: ['P@1'] });
    evaluator.add({ qid: '1', line: 0, rows: 2, labels: Float64Array.of(1, 0), features: 1, values: Float64Array.of(0, 5) });
    expect(evaluator.result().features[0]!.mean['P@1']).toBe(0);
  });
});
