import { readFileSync } from 'node:fs';
import type { Plan } from '../measures/plan.js';
import type { LabelArray } from '../reference/types.js';
import type { Backend, JudgedBatch, Prepared } from './backend.js';
import { checkJudged, checkScores } from './checkArgs.js';
import { CHUNK_ENTRIES, partsOf } from './queryParts.js';
import type { WasmKernel } from './wasmChunks.js';
import { WasmThreads, type ThreadJob } from './wasmThreads.js';
import { Status } from '../reference/status.js';

/** Where `npm run build` (asc, asconfig.json) writes the module: <package>/wasm/tie-eval.wasm (node-gyp owns build/). */
export const WASM_PATH = new URL('../../wasm/tie-eval.wasm', import.meta.url);

interface Exports {
  heapBase(): number;
  scratchBytes(capacity: number, levels: number, gains: number, measures: number, idealCapacity: number): number;
  layoutScratch(base: number, capacity: number, levels: number, gains: number, measures: number, idealCapacity: number): void;
  [kernel: string]: unknown;
}

const LABEL_TYPES = ['U8', 'I32', 'F64'];
/** The kernels the worker threads may run: step 0 per label and ideal label type, steps 1-3 per label type. */
const KERNELS = [...LABEL_TYPES.flatMap((l) => LABEL_TYPES.map((i) => `prepareQueries${l}${i}`)), ...LABEL_TYPES.map((l) => `evaluateQueries${l}`)];
/** Their argument counts; the chunk's first query is argument FIRST_SLOT of each. */
const ARG_COUNTS = KERNELS.map((name) => (name.startsWith('prepare') ? 10 : 12));
const FIRST_SLOT = { prepare: 2, evaluate: 4 } as const;

const PAGE = 65536;
const MAX_PAGES = 65536;
const MAX_MEMORY = MAX_PAGES * PAGE;
const align8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;

/** The kernels' name suffix for a label array's element type. */
function typeSuffix(labels: LabelArray): string {
  return labels instanceof Uint8Array ? 'U8' : labels instanceof Int32Array ? 'I32' : 'F64';
}

function longest(offsets: Uint32Array): number {
  let max = 0;
  for (let q = 0; q + 1 < offsets.length; q++) max = Math.max(max, offsets[q + 1]! - offsets[q]!);
  return max;
}

/** A kernel over all of a batch's queries: its export, the argument that takes a chunk's first query (the next its last), its arguments. */
interface Step {
  readonly name: string;
  readonly firstSlot: number;
  readonly args: number[];
}

/** A batch placed in memory (WasmKernels.place). */
interface Placed {
  /** [code, query, position] of the last run */
  readonly status: Int32Array;
  /** threads the batch is shared among (1: the calling thread alone) */
  readonly parts: number;
  /** Copies the batch back in when another batch used the memory since (without step 0's ideal labels). */
  claim(): void;
  readonly stepZero: Step;
  /** Places scores (and tie keys) past the batch, and past step 0's arrays when `withStepZero` (they run together). */
  placeScores(scores: Float64Array, tieKeys: Int32Array | null, withStepZero: boolean): void;
  /** Steps 1-3 over the placed scores on the calling thread, all queries, allocating nothing; returns the status code. */
  evaluate(mode: number): number;
  /** Steps 1-3 over the placed scores, as a step for `run`. */
  evaluateStep(mode: number): Step;
  /** Runs the steps over the queries, chunk by chunk on the batch's threads (each chunk through every step); writes and returns the status. */
  run(steps: readonly Step[]): number;
  /** Copies the values of the last steps 1-3 out. */
  copyOut(out: Float64Array): void;
  /** Copies step 0's constants out, for a later claim to bring back. */
  keepConstants(): void;
}

/**
 * The glue of the AssemblyScript kernels. One instance and one shared linear memory serve
 * every prepared batch: a batch's resident arrays (scratch per thread, plan, status per thread,
 * offsets, labels, constants) sit above heapBase while it owns the memory; a batch that finds
 * another owner copies its own back in. Memory only grows; the typed views of it are made anew
 * only after it grew, so a prepared batch's evaluate on one thread allocates nothing. With
 * threads, worker threads (WasmThreads) run instances of the module on the same memory.
 */
class WasmKernels {
  private readonly exports: Exports;
  private readonly memory: WebAssembly.Memory;
  private readonly threads: WasmThreads;
  private owner: object | null = null;
  private uploads = 0;
  private buffer: ArrayBufferLike | null = null;
  private f64: Float64Array<ArrayBufferLike> = new Float64Array(0);
  private i32: Int32Array<ArrayBufferLike> = new Int32Array(0);
  private u32: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  private u8: Uint8Array<ArrayBufferLike> = new Uint8Array(0);

  constructor(bytes: Uint8Array) {
    const module = new WebAssembly.Module(bytes);
    this.memory = new WebAssembly.Memory({ initial: 2, maximum: MAX_PAGES, shared: true });
    this.exports = new WebAssembly.Instance(module, { env: { memory: this.memory } }).exports as unknown as Exports;
    this.threads = new WasmThreads(module, this.memory, KERNELS, ARG_COUNTS);
  }

  /** Makes the memory at least `end` bytes long and the views current. */
  private reserve(end: number): void {
    const memory = this.memory;
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

  /**
   * Places a batch's judgements in memory (see the class comment) and the ideal labels and R
   * past them, and returns how to run kernels over it; the caller owns the memory until
   * another batch is placed or claims it.
   */
  private place(judged: JudgedBatch, plan: Plan, threads: number): Placed {
    checkJudged(judged, plan);
    const { labels, offsets, ideal, idealOffsets, relevant } = judged;
    const queries = offsets.length - 1;
    const entries = offsets[queries]!;
    const levels = plan.thresholds.length;
    const gains = plan.gainType.length;
    const measures = plan.measures.length;
    const capacity = longest(offsets);
    const idealCapacity = longest(idealOffsets);
    const constantsLength = queries * plan.constantsPerQuery;
    // step 0's constants, kept by a prepared batch for a later claim (step 0 writes them in memory first)
    let constants: Float64Array | null = null;
    const status = new Int32Array(3);
    const suffix = typeSuffix(labels);
    // the threads: the calling one and helpers, as many as the batch is worth
    const wanted = partsOf(queries, entries, threads);
    const parts = wanted > 1 ? 1 + this.threads.reserve(wanted - 1) : 1;
    const chunk = Math.max(1, Math.floor((queries * CHUNK_ENTRIES) / Math.max(1, entries)));
    // resident: scratch per thread | plan | status per thread | offsets | labels | constants
    const base = align8(this.exports.heapBase());
    const scratchBytes = align8(this.exports.scratchBytes(capacity, levels, gains, measures, idealCapacity));
    const planPtr = base + parts * scratchBytes;
    const statusPtr = planPtr + align8(plan.packed.byteLength);
    const offsetsPtr = statusPtr + parts * 16;
    const labelsPtr = offsetsPtr + align8(offsets.byteLength);
    const constantsPtr = labelsPtr + align8(labels.byteLength);
    const residentEnd = constantsPtr + align8(constantsLength * 8);
    const helperStatus = Array.from({ length: parts - 1 }, (_, t) => statusPtr + (t + 1) * 16);
    let ideals = idealCapacity;
    const token = {};
    const upload = (): void => {
      this.owner = token;
      this.reserve(residentEnd);
      this.uploads++;
      this.exports.layoutScratch(base, capacity, levels, gains, measures, ideals);
      this.copyIn(plan.packed, planPtr);
      this.copyIn(offsets, offsetsPtr);
      this.copyIn(labels, labelsPtr);
      if (constants !== null) this.copyIn(constants, constantsPtr);
    };
    upload();
    // the ideal labels and R: the ranking's own labels (no ideal labels given) are read in place
    const sameIdeal = ideal === labels && idealOffsets === offsets;
    const idealPtr = sameIdeal ? labelsPtr : residentEnd;
    const idealOffsetsPtr = sameIdeal ? offsetsPtr : idealPtr + align8(ideal.byteLength);
    const relevantPtr = sameIdeal ? residentEnd : idealOffsetsPtr + align8(idealOffsets.byteLength);
    const stepZeroEnd = relevantPtr + (relevant === null ? 0 : align8(relevant.byteLength));
    this.reserve(stepZeroEnd);
    if (!sameIdeal) {
      this.copyIn(ideal, idealPtr);
      this.copyIn(idealOffsets, idealOffsetsPtr);
    }
    if (relevant !== null) this.copyIn(relevant, relevantPtr);
    const prepareName = `prepareQueries${suffix}${typeSuffix(ideal)}`;
    const evaluateName = `evaluateQueries${suffix}`;
    // where placeScores put the scores, the tie keys (0: none) and the values
    let scoresPtr = 0;
    let keysPtr = 0;
    let outPtr = 0;
    const readStatus = (): number => {
      for (let i = 0; i < 3; i++) status[i] = this.i32[statusPtr / 4 + i]!;
      return status[0]!;
    };

    return {
      status,
      parts,
      claim: () => {
        if (this.owner === token) return;
        // step 0 is done: its ideal labels are no longer needed
        ideals = 0;
        upload();
      },
      stepZero: { name: prepareName, firstSlot: FIRST_SLOT.prepare, args: [labelsPtr, offsetsPtr, 0, queries, idealPtr, idealOffsetsPtr, relevant === null ? 0 : relevantPtr, planPtr, constantsPtr, statusPtr] },
      placeScores: (scores, tieKeys, withStepZero) => {
        // scores | tie keys | out, past the resident arrays (and step 0's arrays when it runs too)
        scoresPtr = withStepZero ? stepZeroEnd : residentEnd;
        const tieKeysPtr = scoresPtr + align8(scores.byteLength);
        outPtr = tieKeysPtr + (tieKeys === null ? 0 : align8(tieKeys.byteLength));
        this.reserve(outPtr + queries * measures * 8);
        this.f64.set(scores, scoresPtr / 8);
        if (tieKeys !== null) this.copyIn(tieKeys, tieKeysPtr);
        keysPtr = tieKeys === null ? 0 : tieKeysPtr;
      },
      evaluate: (mode) => {
        (this.exports[evaluateName] as WasmKernel)(scoresPtr, labelsPtr, offsetsPtr, queries, 0, queries, keysPtr, mode, planPtr, constantsPtr, outPtr, statusPtr);
        return readStatus();
      },
      evaluateStep: (mode) => ({ name: evaluateName, firstSlot: FIRST_SLOT.evaluate, args: [scoresPtr, labelsPtr, offsetsPtr, queries, 0, queries, keysPtr, mode, planPtr, constantsPtr, outPtr, statusPtr] }),
      run: (steps) => {
        if (parts === 1) {
          for (const step of steps) if ((this.exports[step.name] as WasmKernel)(...step.args) !== Status.OK) break;
          return readStatus();
        }
        const job: ThreadJob = {
          steps: steps.map((step) => ({ kernel: KERNELS.indexOf(step.name), firstSlot: step.firstSlot, args: step.args })),
          queries,
          chunk,
          upload: this.uploads,
          scratch: helperStatus.map((_, t) => [base + (t + 1) * scratchBytes, capacity, levels, gains, measures, ideals]),
          status: helperStatus,
        };
        const failure = this.threads.run(parts - 1, job, { kernels: steps.map((step) => this.exports[step.name] as WasmKernel), status: statusPtr });
        status.set(failure ?? [Status.OK, -1, -1]);
        return status[0]!;
      },
      copyOut: (out) => {
        const f64 = this.f64;
        for (let i = 0, at = outPtr / 8; i < out.length; i++) out[i] = f64[at + i]!;
      },
      keepConstants: () => {
        constants = this.f64.slice(constantsPtr / 8, constantsPtr / 8 + constantsLength);
      },
    };
  }

  prepare(judged: JudgedBatch, plan: Plan, threads: number): Prepared {
    const placed = this.place(judged, plan, threads);
    placed.run([placed.stepZero]);
    placed.keepConstants();
    return {
      status: placed.status,
      evaluate: (scores, tieKeys, mode, out) => {
        checkScores(scores, judged.labels.length, judged.offsets.length - 1, plan, tieKeys, mode, out);
        placed.claim();
        placed.placeScores(scores, tieKeys, false);
        const code = placed.parts === 1 ? placed.evaluate(mode) : placed.run([placed.evaluateStep(mode)]);
        placed.copyOut(out);
        return code;
      },
    };
  }

  /** Step 0 and steps 1-3 of a batch evaluated once, chunk by chunk on each thread (as the addon's evaluateBatch). */
  evaluateBatch(judged: JudgedBatch, plan: Plan, scores: Float64Array, tieKeys: Int32Array | null, mode: number, out: Float64Array, threads: number): number {
    checkScores(scores, judged.labels.length, judged.offsets.length - 1, plan, tieKeys, mode, out);
    const placed = this.place(judged, plan, threads);
    placed.placeScores(scores, tieKeys, true);
    const code = placed.run([placed.stepZero, placed.evaluateStep(mode)]);
    if (code === Status.OK) placed.copyOut(out);
    return code;
  }
}

/**
 * Loads the WASM backend synchronously (the module is small enough to compile on the main
 * thread). Throws when wasm/tie-eval.wasm is missing or does not load.
 */
export function loadWasmBackend(path: URL = WASM_PATH): Backend {
  const kernels = new WasmKernels(readFileSync(path));
  return {
    name: 'wasm',
    prepare: (judged, plan, threads = 1) => kernels.prepare(judged, plan, threads),
    evaluateBatch: (judged, plan, scores, tieKeys, mode, out, threads) => kernels.evaluateBatch(judged, plan, scores, tieKeys, mode, out, threads),
  };
}
