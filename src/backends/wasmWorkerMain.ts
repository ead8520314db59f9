import type { takeChunks as TakeChunks, WasmKernel } from './wasmChunks.js';

/** Where each word of a worker's control block (an Int32Array on a SharedArrayBuffer) sits. */
export const SLOT = {
  /** 1 once the worker's instance is ready, -1 when it failed to load */
  READY: 0,
  /** the job number, raised by the calling thread for each job */
  JOB: 1,
  /** the number of the last job the worker finished */
  DONE: 2,
  /** queries of the batch, and per chunk */
  QUERIES: 3,
  CHUNK: 4,
  /** this worker's status words in memory (a byte offset) */
  STATUS: 5,
  /** the worker's first failure: [code, query, position]; code -1 when a kernel threw */
  FAILURE: 6,
  /** which upload of arrays to memory the job follows: the worker lays out its scratch again after each */
  UPLOAD: 9,
  /** layoutScratch's seven arguments, this worker's scratch */
  LAYOUT: 10,
  /** the job's kernel count, then per kernel: its index into `kernels`, the argument that
   * takes a chunk's first query, and STEP_SIZE - 2 words of arguments; room for two kernels */
  STEPS: 17,
  STEP: 18,
  STEP_SIZE: 14,
  SIZE: 46,
} as const;

/** What a worker is started with. */
export interface WorkerData {
  readonly module: WebAssembly.Module;
  readonly memory: WebAssembly.Memory;
  readonly control: SharedArrayBuffer;
  readonly next: SharedArrayBuffer;
  readonly kernels: readonly string[];
  readonly argCounts: readonly number[];
  readonly slot: typeof SLOT;
  /** how long a worker spins for the next job before it sleeps (ms) */
  readonly spinMs: number;
}

/**
 * A worker thread's life: one instance of the module on the shared memory, then jobs until
 * the process exits (the worker is unref'd). Each job lays out the worker's own scratch (again
 * after each upload, which may have overwritten it) and runs `takeChunks` beside the calling
 * thread. Waits on the control block between jobs.
 * Self-contained (no imports, no outer names): the worker runs it from its source text.
 */
export function workerMain(data: WorkerData, take: typeof TakeChunks): void {
  const { slot } = data;
  const control = new Int32Array(data.control);
  let exports: Record<string, WasmKernel>;
  try {
    exports = new WebAssembly.Instance(data.module, { env: { memory: data.memory } }).exports as unknown as Record<string, WasmKernel>;
    Atomics.store(control, slot.READY, 1);
  } catch {
    Atomics.store(control, slot.READY, -1);
    Atomics.notify(control, slot.READY);
    return;
  }
  Atomics.notify(control, slot.READY);
  const next = new Int32Array(data.next);
  const failure = new Int32Array(3);
  let upload = 0;
  for (let seen = 0; ; ) {
    // spin a little before sleeping, as the addon's threads do: a loop of calls then finds the
    // worker awake (waking it takes 20 µs to a millisecond on a virtual machine)
    const until = performance.now() + data.spinMs;
    while (Atomics.load(control, slot.JOB) === seen && performance.now() < until);
    Atomics.wait(control, slot.JOB, seen);
    seen = Atomics.load(control, slot.JOB);
    if (control[slot.UPLOAD] !== upload) {
      upload = control[slot.UPLOAD]!;
      // a helper fills its tables at every layout (see layoutScratch)
      exports.layoutScratch!(...control.subarray(slot.LAYOUT, slot.LAYOUT + 7), 0);
    }
    const kernels: WasmKernel[] = [];
    const args: number[][] = [];
    const firstSlots: number[] = [];
    for (let k = 0; k < control[slot.STEPS]!; k++) {
      const at = slot.STEP + k * slot.STEP_SIZE;
      kernels.push(exports[data.kernels[control[at]!]!]!);
      firstSlots.push(control[at + 1]!);
      args.push(Array.from(control.subarray(at + 2, at + 2 + data.argCounts[control[at]!]!)));
    }
    failure.fill(0);
    try {
      take(kernels, args, firstSlots, control[slot.QUERIES]!, control[slot.CHUNK]!, next, new Int32Array(data.memory.buffer), control[slot.STATUS]!, failure);
    } catch {
      // a trap: the calling thread throws
      failure[0] = -1;
    }
    control.set(failure, slot.FAILURE);
    Atomics.store(control, slot.DONE, seen);
    Atomics.notify(control, slot.DONE);
  }
}
