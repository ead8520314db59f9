// A batch's queries shared among threads, as the addon shares them (native/queryParts.hpp):
// the same thresholds, so both backends split a batch alike.

/** Fewer entries than this per thread are not worth another thread (waking one takes 10 µs to a millisecond). */
const PART_MIN_ENTRIES = 32768;

/**
 * About this many entries per chunk: small, so that a thread that starts late leaves the others
 * no long tail; large enough that taking a chunk (one atomic add) costs nothing.
 */
export const CHUNK_ENTRIES = 16384;

/** How many threads a batch of `queries` queries and `entries` entries gets when `threads` are asked for (at least 1). */
export function partsOf(queries: number, entries: number, threads: number): number {
  return Math.max(1, Math.min(threads, queries, Math.floor(entries / PART_MIN_ENTRIES)));
}
