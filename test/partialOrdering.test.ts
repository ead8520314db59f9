import { describe, expect, it } from 'vitest';
import { evaluate, type TieMode } from '../src/index.js';
import { BACKENDS } from './backends.js';
import { pick, randInt, rng } from '../src/util/random.js';

const MODES: TieMode[] = ['average', 'optimistic', 'pessimistic', 'trec', 'input'];

/**
 * With only cut-off measures the kernels select the top k and the tie group crossing k instead
 * of sorting everything (orderQuery); adding a measure without a cut-off forces the full sort,
 * whose values the brute force checks. The two must agree.
 */
describe.each(BACKENDS)('partial ordering for cut-off measures ($name backend)', ({ options }) => {
  it.each(MODES)('selection equals the full sort (ties: %s)', (ties) => {
    const next = rng(1234);
    for (let t = 0; t < 300; t++) {
      const n = randInt(next, 33, 400);
      const levels = pick(next, [2, 3, 5, 20, 1000]);
      const scores = Array.from({ length: n }, () => randInt(next, 0, levels - 1) * pick(next, [1, -1]));
      const labels = Array.from({ length: n }, () => pick(next, [-1, 0, 0, 0, 1, 2]));
      const docs = Array.from({ length: n }, (_, i) => `d${(i * 7919) % 1009}x${i}`);
      const k = pick(next, [1, 2, 5, 10, randInt(next, 1, n - 1)]);
      const cut = [`P@${k}`, `R@${k}`, `F1@${k}`, `AP@${k}`, `AP(norm=found)@${k}`, `AP(norm=min)@${k}`, `RR@${k}`, `nDCG@${k}`, `DCG(gain=exp)@${k}`, `RBP@${k}`, `Success@${k}`, `P(rel=2)@${k}`];
      const query = { scores, labels, docs };
      const partial = evaluate(query, cut, { ...options, ties });
      const full = evaluate(query, [...cut, 'AP'], { ...options, ties });
      for (const m of cut) {
        if (Math.abs(partial[m]! - full[m]!) > 1e-12) expect.fail(`${m} (n=${n}, k=${k}, ${ties}): selection ${partial[m]}, full sort ${full[m]}`);
      }
    }
  });
});
