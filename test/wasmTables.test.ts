import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Batch } from '../src/index.js';
import { jsBackend } from '../src/backends/js.js';
import { wasmPath } from '../src/backends/loadBackends.js';
import { wasmBackend } from '../src/backends/wasm.js';
import { WasmMemory } from '../src/backends/wasmMemory.js';
import { workerHost } from '../src/backends/workerHost.js';
import { compilePlan } from '../src/measures/plan.js';
import { diversityCheckBatches } from '../src/diversity/diversityCheckBatches.js';
import { TIE_MODES } from '../src/ties/modes.js';
import { pick, randInt, rng } from '../src/util/random.js';

/** `queries` queries of 1 to `most` documents, scores 0 to `top`, labels 0-2. */
function tied(next: () => number, queries: number, most: number, top: number): Batch {
  const offsets = new Uint32Array(queries + 1);
  for (let q = 0; q < queries; q++) offsets[q + 1] = offsets[q]! + randInt(next, 1, most);
  const scores = Float64Array.from({ length: offsets[queries]! }, () => randInt(next, 0, top));
  return { scores, labels: Int32Array.from(scores, () => pick(next, [0, 0, 1, 2])), offsets };
}

const NO_MODULE = existsSync(wasmPath()) ? undefined : 'wasm/tie-eval.wasm is not built';

describe.skipIf(NO_MODULE !== undefined)('the WASM scratch tables', () => {
  it('the free-orders table (IPrec, G), kept between calls of one layout, is filled again after a batch of another layout (or the diversity kernel) wrote over the scratch, on the calling thread and a helper', () => {
    // a memory of its own, to write over as another batch's arrays and kernels may
    const memory = new WasmMemory(new WebAssembly.Module(readFileSync(wasmPath())), workerHost);
    const backend = wasmBackend(memory);
    const next = rng(4242);
    // about 75,000 documents: two parts on two threads; and a batch of a larger layout
    const small = tied(next, 6000, 24, 3);
    const large = tied(next, 40, 3000, 40);
    const plan = compilePlan(['IPrec@0.3', '11pt_avg', 'G', 'P@5']);
    const run = (batch: Batch, threads: number): number[] => {
      const judged = { labels: batch.labels, offsets: batch.offsets, ideal: batch.labels, idealOffsets: batch.offsets, relevant: null };
      const out = new Float64Array(plan.measures.length * (batch.offsets.length - 1));
      expect(backend.evaluateBatch!(judged, plan, batch.scores, null, TIE_MODES.average, out, threads)).toBe(0);
      return [...out];
    };
    // the reference's kernels as they are (a value past its exact budget NaN in both: the glue estimates it)
    const want = (batch: Batch): number[] => {
      const judged = { labels: batch.labels, offsets: batch.offsets, ideal: batch.labels, idealOffsets: batch.offsets, relevant: null };
      const out = new Float64Array(plan.measures.length * (batch.offsets.length - 1));
      expect(jsBackend.prepare(judged, plan).evaluate(batch.scores, null, TIE_MODES.average, out)).toBe(0);
      return [...out];
    };
    const expected = want(small);
    for (const threads of [1, 2]) {
      expect(run(small, threads)).toEqual(expected);
      // the same layout again: the table as filled
      expect(run(small, threads)).toEqual(expected);
      expect(run(large, threads)).toEqual(want(large));
      // as if that batch's kernels and arrays had written everywhere past the module's data
      memory.f64.fill(Number.NaN, Math.ceil(memory.exports.heapBase() / 8));
      expect(run(small, threads)).toEqual(expected);
      // the diversity kernel's scratch lies over the table: the next batch of that layout fills it again
      // (2,000 queries: its arrays reach past the table of the small layout)
      const [diversity] = diversityCheckBatches(2000);
      backend.diversity(diversity!, new Float64Array((diversity!.measures.length / 3) * diversity!.subtopicCounts.length));
      expect(run(small, threads)).toEqual(expected);
    }
  });
});
