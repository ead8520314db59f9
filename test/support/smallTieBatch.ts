import type { Batch } from '../../src/index.js';
import { pick, randInt, rng } from '../../src/util/random.js';

/**
 * 1,500 seeded queries of 0-32 documents (the size countGroups serves), scores from a few tied
 * values (some negative, some ±0, some halves), labels of the given type with unjudged ones.
 * The same seed gives the same batch in every process.
 */
export function smallTieBatch(seed: number, labelType: 'uint8' | 'int32' | 'float64'): Batch {
  const next = rng(seed);
  const queries = 1500;
  const offsets = new Uint32Array(queries + 1);
  for (let q = 0; q < queries; q++) offsets[q + 1] = offsets[q]! + randInt(next, 0, 32);
  const total = offsets[queries]!;
  const scores = Float64Array.from({ length: total }, () => pick(next, [1, -1]) * randInt(next, 0, 4) + pick(next, [0, 0, 0.5, -0]));
  const values = Array.from({ length: total }, () => pick(next, labelType === 'uint8' ? [0, 0, 1, 2, 5] : [-1, 0, 0, 1, 2, 5]));
  const labels = labelType === 'uint8' ? Uint8Array.from(values) : labelType === 'int32' ? Int32Array.from(values) : Float64Array.from(values);
  return { scores, labels, offsets };
}

/** The measures the vector-path test evaluates: every kind countGroups' group table feeds. */
export const SMALL_MEASURES = ['P@10', 'R@5', 'F1@10', 'AP', 'AP@10', 'RR', 'RR@3', 'nDCG@10', 'nDCG(gain=exp)', 'DCG@20', 'RBP(p=0.8)@10', 'Rprec', 'bpref', 'Success@5'];
