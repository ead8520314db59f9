import { readFileSync } from 'node:fs';
import type { Plan } from '../measures/plan.js';
import type { LabelArray } from '../reference/types.js';
import type { Backend, JudgedBatch, Prepared } from './backend.js';
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
type PrepareKernel = (labels: number, offsets: number, first: number, last: number, ideal: number, idealOffsets: number, relevant: number, plan: number, constants: number, status: number) => number;
type EvaluateKernel = (scores: number, labels: number, offsets: number, queries: number, first: number, last: number, tieKeys: number, mode: number, plan: number, constants: number, out: number, status: number) => number;

const PAGE = 65536;
const MAX_MEMORY = 4 * 1024 ** 3;
const align8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;

function longest(offsets: Uint32Array): number {
  let max = 0;
  for (let q = 0; q + 1 < offsets.length; q++) max = Math.max(max, offsets[q + 1]! - offsets[q]!);
  return max;
}

/**
 * The glue of the AssemblyScript kernels. One instance and one linear memory serve every
 * prepared batch: a batch's resident arrays (scratch, plan, offsets, labels, constants) sit
 * above heapBase while it owns the memory; a batch that finds another owner copies its own
 * back in. Memory only grows; the typed views of it are made anew only after it grew, so a
 * prepared batch's evaluate allocates nothing.
 */
class WasmKernels {
  private readonly exports: Exports;
  private owner: object | null = null;
  private buffer: ArrayBuffer | null = null;
  private f64 = new Float64Array(0);
  private i32 = new Int32Array(0);
  private u32 = new Uint32Array(0);
  private u8 = new Uint8Array(0);

  constructor(bytes: Uint8Array) {
    this.exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as Exports;
  }

  /** Makes the memory at least `end` bytes long and the views current. */
  private reserve(end: number): void {
    const memory = this.exports.memory;
    if (end > MAX_MEMORY) throw new RangeError(`the WASM backend needs ${end} bytes of linear memory, more than its 4 GiB`);
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    if (this.buffer !== memory.buffer) {
      this.buffer = memory.buffer;
      this.f64 = new Float64Array(this.buffer);
      this.i32 = new Int32Array(this.buffer);
      this.u32 = new Uint32Array(this.buffer);
      this.u8 = new Uint8Array(this.buffer);
    }
  }

  /** Copies a typed array to byte offset `ptr` (aligned to its element size), keeping its element type. */
  private copyIn(array: LabelArray | Uint32Array | Int32Array, ptr: number): void {
    if (array instanceof Float64Array) this.f64.set(array, ptr / 8);
    else if (array instanceof Uint8Array) this.u8.set(array, ptr);
    else if (array instanceof Uint32Array) this.u32.set(array, ptr / 4);
    else this.i32.set(array, ptr / 4);
  }

  prepare(judged: JudgedBatch, plan: Plan): Prepared {
    checkJudged(judged, plan);
    const { labels, offsets, ideal, idealOffsets, relevant } = judged;
    const queries = offsets.length - 1;
    const levels = plan.thresholds.length;
    const gains = plan.gainType.length;
    const capacity = longest(offsets);
    const constants = new Float64Array(queries * plan.constantsPerQuery);
    const status = new Int32Array(3);
    const suffix = labels instanceof Uint8Array ? 'U8' : labels instanceof Int32Array ? 'I32' : 'F64';
    // resident: scratch | plan | status | offsets | labels | constants
    const base = align8(this.exports.heapBase());
    const planPtr = base + align8(this.exports.scratchBytes(capacity, levels, gains, longest(idealOffsets)));
    const statusPtr = planPtr + align8(plan.packed.byteLength);
    const offsetsPtr = statusPtr + 16;
    const labelsPtr = offsetsPtr + align8(offsets.byteLength);
    const constantsPtr = labelsPtr + align8(labels.byteLength);
    const residentEnd = constantsPtr + align8(constants.byteLength);
    const upload = (idealCapacity: number): void => {
      this.reserve(residentEnd);
      this.exports.layoutScratch(base, capacity, levels, gains, idealCapacity);
      this.copyIn(plan.packed, planPtr);
      this.copyIn(offsets, offsetsPtr);
      this.copyIn(labels, labelsPtr);
      this.copyIn(constants, constantsPtr);
    };
    const readStatus = (): number => {
      for (let i = 0; i < 3; i++) status[i] = this.i32[statusPtr / 4 + i]!;
      return status[0]!;
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
    if (!sameIdeal) this.f64.set(ideal, idealPtr / 8);
    this.copyIn(idealOffsets, idealOffsetsPtr);
    if (relevant !== null) this.copyIn(relevant, relevantPtr);
    const kernel = this.exports[`prepareQueries${suffix}`] as PrepareKernel;
    kernel(labelsPtr, offsetsPtr, 0, queries, idealPtr, idealOffsetsPtr, relevant === null ? 0 : relevantPtr, planPtr, constantsPtr, statusPtr);
    readStatus();
    constants.set(this.f64.subarray(constantsPtr / 8, constantsPtr / 8 + constants.length));

    const run = this.exports[`evaluateQueries${suffix}`] as EvaluateKernel;
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
        this.f64.set(scores, scoresPtr / 8);
        if (tieKeys !== null) this.copyIn(tieKeys, tieKeysPtr);
        run(scoresPtr, labelsPtr, offsetsPtr, queries, 0, queries, tieKeys === null ? 0 : tieKeysPtr, mode, planPtr, constantsPtr, outPtr, statusPtr);
        const f64 = this.f64;
        for (let i = 0, at = outPtr / 8; i < out.length; i++) out[i] = f64[at + i]!;
        return readStatus();
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
