import { LABEL_TYPES, type LabelArray } from '../core/labels.js';
import type { WasmKernel } from './wasmChunks.js';
import { WasmThreads } from './wasmThreads.js';
import type { WorkerHost } from './workerHost.js';

/** The module's exports the glue calls besides the kernels. */
export interface Exports {
  heapBase(): number;
  scratchBytes(capacity: number, levels: number, gains: number, measures: number, idealCapacity: number, states: number): number;
  layoutScratch(base: number, capacity: number, levels: number, gains: number, measures: number, idealCapacity: number, states: number, keepTables: number): void;
  [kernel: string]: unknown;
}

/** The kernels the worker threads may run: step 0 per label and ideal label type, steps 1-3 per label type. */
export const KERNELS = [...LABEL_TYPES.flatMap((l) => LABEL_TYPES.map((i) => `prepareQueries${l.suffix}${i.suffix}`)), ...LABEL_TYPES.map((l) => `evaluateQueries${l.suffix}`)];
/** Their argument counts. */
const ARG_COUNTS = KERNELS.map((name) => (name.startsWith('prepare') ? 10 : 12));

const PAGE = 65536;
const MAX_PAGES = 65536;
const MAX_MEMORY = MAX_PAGES * PAGE;

/**
 * One instance of the module and its linear memory, which every batch uses in turn: a batch
 * that finds another owner copies its arrays back in (see WasmBatch). Memory only grows; the
 * typed views of it are made anew only after it grew, so an evaluate on a prepared batch
 * allocates nothing. With a worker host the memory is shared and worker threads (`threads`) run
 * instances of the module on it (the module must be the shared build, wasm/tie-eval.wasm);
 * without one (`host` null: a page that is not cross-origin isolated, where no memory can be
 * shared) the memory is private, the module the single-thread build (wasm/tie-eval.single.wasm).
 */
export class WasmMemory {
  readonly exports: Exports;
  readonly threads: WasmThreads | null;
  /** the batch whose arrays are in memory */
  owner: object | null = null;
  /** how many times a batch copied its arrays in (the worker threads lay out their scratch again after each) */
  uploads = 0;
  f64: Float64Array<ArrayBufferLike> = new Float64Array(0);
  i32: Int32Array<ArrayBufferLike> = new Int32Array(0);
  private readonly memory: WebAssembly.Memory;
  private buffer: ArrayBufferLike | null = null;
  private u32: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  private u8: Uint8Array<ArrayBufferLike> = new Uint8Array(0);

  /** @throws WebAssembly.LinkError when the module's memory is not shared as `host` asks */
  constructor(module: WebAssembly.Module, host: WorkerHost | null) {
    this.memory = new WebAssembly.Memory({ initial: 2, maximum: MAX_PAGES, shared: host !== null });
    this.exports = new WebAssembly.Instance(module, { env: { memory: this.memory } }).exports as unknown as Exports;
    this.threads = host === null ? null : new WasmThreads(module, this.memory, KERNELS, ARG_COUNTS, host);
  }

  /** The kernel export of this name. */
  kernel(name: string): WasmKernel {
    return this.exports[name] as WasmKernel;
  }

  /** Makes the memory at least `end` bytes long and the views current. */
  reserve(end: number): void {
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
  copyIn(array: LabelArray | Uint32Array | Int32Array, ptr: number): void {
    if (array instanceof Float64Array) this.f64.set(array, ptr / 8);
    else if (array instanceof Uint8Array) this.u8.set(array, ptr);
    else if (array instanceof Uint32Array) this.u32.set(array, ptr / 4);
    else this.i32.set(array, ptr / 4);
  }
}
