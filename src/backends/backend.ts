import type { Plan } from '../measures/plan.js';
import type { LabelArray } from '../reference/types.js';

/** The backends: the TypeScript reference, AssemblyScript compiled to WebAssembly, the C++ addon. */
export type BackendName = 'js' | 'wasm' | 'native';

/** What a kernel reports: a Status code, and the query and position it found bad input at (else -1). */
export interface KernelStatus {
  readonly code: number;
  readonly query: number;
  readonly position: number;
}

/**
 * The two batch kernels every backend provides, over the flat batch layout (inputs are
 * already checked for shape by the API; values are checked by the kernels).
 */
export interface Backend {
  readonly name: BackendName;
  /** Step 0: per-query constants from the judgements (see reference/prepareQueries). */
  prepareQueries(
    labels: LabelArray,
    offsets: Uint32Array,
    ideal: LabelArray,
    idealOffsets: Uint32Array,
    relevant: Float64Array | null,
    plan: Plan,
    constants: Float64Array,
  ): KernelStatus;
  /** Steps 1-3: every measure of every query into out[row * Q + q] (see reference/evaluateQueries). */
  evaluateQueries(
    scores: Float64Array,
    labels: LabelArray,
    offsets: Uint32Array,
    tieKeys: Int32Array | null,
    mode: number,
    plan: Plan,
    constants: Float64Array,
    out: Float64Array,
  ): KernelStatus;
}
