import { readFileSync } from 'node:fs';
import type { Plan } from '../measures/plan.js';
import type { LabelArray } from '../reference/types.js';
import type { Backend, JudgedBatch, KernelStatus, Prepared } from './backend.js';
import { checkJudged, checkScores } from './checkArgs.js';

/** Where `npm run build` (asc, asconfig.json) writes the module: <package>/wasm/tie-eval.wasm (node-gyp owns build/). */
export const WASM_PATH = new URL('../../wasm/tie-eval.wasm', import.meta.url);

interface Exports {
  readonly memory: WebAssembly.Memory;
  heapBase(): number;
  scratchBytes(capacity: number, levels: number, gains: number, idealCapacity: number): number;
  layoutScratch(base: number, capacity: number, levels: number, gains: number, idealCapacity: number): void;
  [kernel: string]: unknown;
}
type PrepareKernel = (labels: number, offsets: number, queries: number, ideal: number, idealOffsets: number, relevant: number, plan: number, constants: number, status: number) => number;
type EvaluateKernel = (scores: number, labels: number, offsets: number, queries: number, tieKeys: number, mode: number, plan: number, constants: number, out: number, status: number) => number;

const PAGE = 65536;
const align8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;

function labelSuffix(labels: LabelArray): 'U8' | 'I32' | 'F64' {
  return labels instanceof Uint8Array ? 'U8' : labels instanceof Int32Array ? 'I32' : 'F64';
}

function longest(offsets: Uint32Array): number {
  let max = 0;
  for (let q = 0; q + 1 < offsets.length; q++) max = Math.max(max, offsets[q + 1]! - offsets[q]!);
  return max;
}

/**
 * The glue of the AssemblyScript kernels. One instance and one linear memory serve every
 * prepared batch: a batch's resident arrays (scratch, plan, offsets, labels, constants) sit
 * above heapBase while it owns the memory; a batch that finds another owner copies its own
 * back in. Memory only grows, and every view is made anew after a call that may grow it.
 */
class WasmKernels {
  private readonly exports: Exports;
  private owner: object | null = null;

  constructor(bytes: Uint8Array) {
    this.exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as Exports;
  }

  /** Makes the memory at least `end` bytes long. */
  private reserve(end: number): void {
    const memory = this.exports.memory;
    if (end > 4 * 1024 ** 3) throw new RangeError(`the WASM backend needs ${end} bytes of linear memory, more than its 4 GiB`);
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
  }

  private copyIn(array: ArrayLike<number> & { BYTES_PER_ELEMENT: number }, ptr: number, View: new (b: ArrayBuffer, o: number, n: number) => { set(a: ArrayLike<number>): void }): void {
    new View(this.exports.memory.buffer as ArrayBuffer, ptr, array.length).set(array);
  }

  private status(ptr: number): KernelStatus {
    const s = new Int32Array(this.exports.memory.buffer, ptr, 3);
    return { code: s[0]!, query: s[1]!, position: s[2]! };
  }

  prepare(judged: JudgedBatch, plan: Plan): Prepared {
    checkJudged(judged, plan);
    const { labels, offsets, ideal, idealOffsets, relevant } = judged;
    const queries = offsets.length - 1;
    const levels = plan.thresholds.length;
    const gains = plan.gainType.length;
    const capacity = longest(offsets);
    const constants = new Float64Array(queries * plan.constantsPerQuery);
    const suffix = labelSuffix(labels);
    // resident: scratch | plan | status | offsets | labels | constants
    const base = align8(this.exports.heapBase());
    const plainPtr = base + align8(this.exports.scratchBytes(capacity, levels, gains, longest(idealOffsets)));
    const statusPtr = plainPtr + align8(plan.packed.byteLength);
    const offsetsPtr = statusPtr + 16;
    const labelsPtr = offsetsPtr + align8(offsets.byteLength);
    const constantsPtr = labelsPtr + align8(labels.byteLength);
    const residentEnd = constantsPtr + align8(constants.byteLength);
    const upload = (idealCapacity: number): void => {
      this.reserve(residentEnd);
      this.exports.layoutScratch(base, capacity, levels, gains, idealCapacity);
      this.copyIn(plan.packed, plainPtr, Float64Array);
      this.copyIn(offsets, offsetsPtr, Uint32Array);
      this.copyIn(labels, labelsPtr, labels.constructor as typeof Float64Array);
      this.copyIn(constants, constantsPtr, Float64Array);
    };

    // step 0, with the ideal labels (widened to f64) and R past the resident arrays
    const token = {};
    this.owner = token;
    upload(longest(idealOffsets));
    const sameIdeal = ideal === labels && idealOffsets === offsets && labels instanceof Float64Array;
    const idealPtr = sameIdeal ? labelsPtr : residentEnd;
    const idealOffsetsPtr = idealPtr === labelsPtr ? residentEnd : idealPtr + align8(ideal.length * 8);
    const relevantPtr = idealOffsetsPtr + align8(idealOffsets.byteLength);
    this.reserve(relevantPtr + (relevant === null ? 0 : relevant.byteLength));
    if (!sameIdeal) this.copyIn(ideal, idealPtr, Float64Array);
    this.copyIn(idealOffsets, idealOffsetsPtr, Uint32Array);
    if (relevant !== null) this.copyIn(relevant, relevantPtr, Float64Array);
    const kernel = this.exports[`prepareQueries${suffix}`] as PrepareKernel;
    kernel(labelsPtr, offsetsPtr, queries, idealPtr, idealOffsetsPtr, relevant === null ? 0 : relevantPtr, plainPtr, constantsPtr, statusPtr);
    const status = this.status(statusPtr);
    constants.set(new Float64Array(this.exports.memory.buffer, constantsPtr, constants.length));

    return {
      status,
      evaluate: (scores, tieKeys, mode, out) => {
        checkScores(scores, labels.length, queries, plan, tieKeys, mode, out);
        if (this.owner !== token) {
          this.owner = token;
          upload(0);
        }
        // per call: scores | tie keys | out, past the resident arrays
        const scoresPtr = residentEnd;
        const tieKeysPtr = scoresPtr + align8(scores.byteLength);
        const outPtr = tieKeysPtr + (tieKeys === null ? 0 : align8(tieKeys.byteLength));
        this.reserve(outPtr + out.byteLength);
        this.copyIn(scores, scoresPtr, Float64Array);
        if (tieKeys !== null) this.copyIn(tieKeys, tieKeysPtr, Int32Array);
        const run = this.exports[`evaluateQueries${suffix}`] as EvaluateKernel;
        run(scoresPtr, labelsPtr, offsetsPtr, queries, tieKeys === null ? 0 : tieKeysPtr, mode, plainPtr, constantsPtr, outPtr, statusPtr);
        out.set(new Float64Array(this.exports.memory.buffer, outPtr, out.length));
        return this.status(statusPtr);
      },
    };
  }
}

/**
 * Loads the WASM backend synchronously (the module is small enough to compile on the main
 * thread). Throws when wasm/tie-eval.wasm is missing or does not load.
 */
export function loadWasmBackend(path: URL = WASM_PATH): Backend {
  const kernels = new WasmKernels(readFileSync(path));
  return { name: 'wasm', prepare: (judged, plan) => kernels.prepare(judged, plan) };
}
