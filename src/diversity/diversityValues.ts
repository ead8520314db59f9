import { resolveBackend } from '../backends/facade.js';
import type { BackendChoice } from '../backends/backend.js';
import type { DiversityBatchBuilder } from './diversityBatch.js';

/** Positions 0..n-1 each a group of one: a fixed order (the ends of its groups). */
export function singletons(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, i) => i + 1);
}

/**
 * The values of the queries gathered in `builder` (which forgets them), on the backend `backend`
 * asks for (see resolveBackend: `auto`, the fastest loaded, the reference for a small batch):
 * measure m of the batch's query q at [m * Q + q]. Each is its query's mean over every order of
 * its tie groups (see rankingSums in src/reference); groups of one give ndeval's values.
 * @throws InputError when the backend finds the batch bad (a defect: the builder makes them right)
 */
export function diversityValues(builder: DiversityBatchBuilder, backend: BackendChoice | undefined): Float64Array {
  const positions = builder.positions;
  const batch = builder.take();
  const out = new Float64Array((batch.measures.length / 3) * batch.subtopicCounts.length);
  resolveBackend(backend, positions).diversity(batch, out);
  return out;
}
