import { diversitySizes } from '../reference/diversityQueries.js';
import type { DiversityBatch } from './backend.js';
import { align8 } from './wasmLayout.js';
import type { WasmMemory } from './wasmMemory.js';

/** The module's diversity exports (see assembly/diversityQueries.ts). */
interface DiversityExports {
  diversityScratchBytes(A: number, L: number, I: number, P: number, groups: number, depth: number): number;
  diversityQueries(...args: number[]): void;
}

/**
 * The diversity measures of a checked batch on the module, on the calling thread: scratch, then
 * the batch's arrays, placed above heapBase(); the values copied out to `out`. The memory is
 * then no prepared batch's: the next one copies its arrays back in (see WasmBatch.claim).
 */
export function wasmDiversity(memory: WasmMemory, b: DiversityBatch, out: Float64Array): void {
  const exports = memory.exports as unknown as DiversityExports & { heapBase(): number };
  const [A, L, I, P, depth] = diversitySizes(b);
  const groups = b.sumGroups.length / 4;
  const scratch = align8(exports.heapBase());
  const arrays = [b.rows, b.subtopics, b.subtopicCounts, b.rankingOffsets, b.ranking, b.groupOffsets, b.groupEnds, b.idealOffsets, b.ideal, b.sumGroups, b.measures, b.discounts] as const;
  const at: number[] = [];
  let end = scratch + align8(exports.diversityScratchBytes(A, L, I, P, groups, depth));
  for (const array of arrays) {
    at.push(end);
    end += align8(array.byteLength);
  }
  const outAt = end;
  memory.owner = null;
  memory.reserve(outAt + out.byteLength);
  arrays.forEach((array, i) => memory.copyIn(array, at[i]!));
  const [rows, subtopics, counts, rankingOffsets, ranking, groupOffsets, groupEnds, idealOffsets, ideal, sumGroups, measures, discounts] = at as [number, number, number, number, number, number, number, number, number, number, number, number];
  exports.diversityQueries(rows, subtopics, counts, b.subtopicCounts.length, rankingOffsets, ranking, groupOffsets, groupEnds, idealOffsets, ideal, b.maxRank, sumGroups, groups, measures, b.measures.length / 3, discounts, outAt, scratch, A, L, I, P, depth);
  out.set(memory.f64.subarray(outAt / 8, outAt / 8 + out.length));
}
