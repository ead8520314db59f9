import { describe, expect, it } from 'vitest';
import { evaluateBatch } from '../src/index.js';
import { BACKENDS } from './backends.js';

// Three documents in distinct scores, relevant at ranks 1 and 3, and one unjudged at rank 2:
// P@1 = 1, P@2 = 1/2, P@3 = 2/3; with maxRank 1, P@3 = 1/3; judged only (rank 2 left out), P@2 = 1.
const batch = { scores: Float64Array.of(3, 2, 1), labels: Int32Array.of(1, -1, 1), offsets: Uint32Array.of(0, 3) };

describe.each(BACKENDS)('plans kept between calls ($name)', ({ options }) => {
  it('a measures array changed between calls, other options, and more requests than are kept give the values of what is asked now', () => {
    const names = ['P@1'];
    expect(evaluateBatch(batch, names, options).mean).toEqual({ 'P@1': 1 });
    names[0] = 'P@2';
    expect(evaluateBatch(batch, names, options).mean).toEqual({ 'P@2': 0.5 });
    names.push('P@3');
    expect(evaluateBatch(batch, names, options).mean).toEqual({ 'P@2': 0.5, 'P@3': 2 / 3 });
    expect(evaluateBatch(batch, names, { ...options, maxRank: 1 }).mean).toEqual({ 'P@2': 0.5, 'P@3': 1 / 3 });
    expect(evaluateBatch(batch, names, { ...options, judgedOnly: true }).mean).toEqual({ 'P@2': 1, 'P@3': 2 / 3 });
    expect(evaluateBatch(batch, names, options).mean).toEqual({ 'P@2': 0.5, 'P@3': 2 / 3 });
    names[1] = 'P@1';
    expect(evaluateBatch(batch, names, options).mean).toEqual({ 'P@2': 0.5, 'P@1': 1 });
    // more distinct requests than are kept, twice over: each still its own
    for (let round = 0; round < 2; round++) {
      for (let k = 1; k <= 12; k++) expect(evaluateBatch(batch, [`P@${k}`], options).mean[`P@${k}`]).toBe((k < 3 ? 1 : 2) / k);
    }
    // a name that is not a measure is refused every time, never served a kept plan
    for (let i = 0; i < 2; i++) expect(() => evaluateBatch(batch, ['P@1', 'nope'], options)).toThrow(/nope/);
  });
});
