/** A kernel export of the WASM module: pointers and integers in, a status code out. */
export type WasmKernel = (...args: number[]) => number;

/**
 * The loop that the calling thread and each worker thread run over one job: take the next
 * chunk of `chunk` queries (one atomic add on the shared counter `next[0]`) and run each kernel
 * on it in turn (`args[k]` are kernel k's arguments: argument `firstSlots[k]` and the next one
 * are set to the chunk's first and last query, the last one to the thread's status words at
 * byte `status` of `memory`), and stop at the first failure, copied ([code, query, position])
 * to `failure`. The chunks come in query order, so that is the thread's lowest failing query.
 * Self-contained (no imports, no outer names): the workers run it from its source text.
 */
export function takeChunks(kernels: readonly WasmKernel[], args: number[][], firstSlots: readonly number[], queries: number, chunk: number, next: Int32Array, memory: Int32Array, status: number, failure: Int32Array): void {
  for (const a of args) a[a.length - 1] = status;
  for (let first = Atomics.add(next, 0, chunk); first < queries; first = Atomics.add(next, 0, chunk)) {
    for (let k = 0; k < kernels.length; k++) {
      const a = args[k]!;
      a[firstSlots[k]!] = first;
      a[firstSlots[k]! + 1] = Math.min(queries, first + chunk);
      if (kernels[k]!(...a) !== 0) {
        for (let i = 0; i < 3; i++) failure[i] = memory[status / 4 + i]!;
        return;
      }
    }
  }
}
