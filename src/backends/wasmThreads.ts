import { takeChunks, type WasmKernel } from './wasmChunks.js';
import { SLOT, type WorkerData } from './wasmWorkerMain.js';
import type { WorkerHost } from './workerHost.js';

/** How long the calling thread waits for a new worker's instance before it does without it (ms). */
const START_TIMEOUT_MS = 10_000;

/** How long a worker spins for the next job before it sleeps (ms), as the addon's threads (native/workerPool.hpp). */
const SPIN_MS = 2;

/** Kernels run over a batch's queries, shared among threads: each chunk through every step (at most two: step 0, steps 1-3). */
export interface ThreadJob {
  /** per kernel: its index into the names the pool was made with, the argument that takes a
   * chunk's first query (the next one its last; the last argument is the status pointer), and
   * its arguments */
  readonly steps: readonly { readonly kernel: number; readonly firstSlot: number; readonly args: readonly number[] }[];
  readonly queries: number;
  /** queries per chunk */
  readonly chunk: number;
  /** which upload of arrays to memory this job follows (the workers lay out their scratch again after each) */
  readonly upload: number;
  /** per helper t (0-based): layoutScratch's seven arguments and its status pointer (bytes) */
  readonly scratch: readonly (readonly number[])[];
  readonly status: readonly number[];
}

/**
 * Worker threads that run the WASM kernels beside the calling thread, each with its own instance
 * of the module on the one shared memory. They are started on first need (Node) or ahead of
 * calls (a browser: `start`), kept for later calls (waiting on their control blocks), and take
 * chunks of queries with the calling thread, as the addon's threads do.
 */
export class WasmThreads {
  private readonly helpers: { readonly control: Int32Array }[] = [];
  private readonly next = new Int32Array(new SharedArrayBuffer(4));
  private job = 0;
  private failed = false;

  constructor(
    private readonly module: WebAssembly.Module,
    private readonly memory: WebAssembly.Memory,
    private readonly kernels: readonly string[],
    private readonly argCounts: readonly number[],
    private readonly host: WorkerHost,
  ) {}

  /**
   * Where the host starts helpers inside a call, starts them until there are `count`, unless
   * one fails to load (then no more are tried); returns how many there are (at most `count`).
   */
  reserve(count: number): number {
    while (this.host.startsInCall && !this.failed && this.helpers.length < count) {
      const helper = this.spawn();
      Atomics.wait(helper.control, SLOT.READY, 0, START_TIMEOUT_MS);
      this.settle(helper);
    }
    return Math.min(count, this.helpers.length);
  }

  /**
   * Starts helpers until there are `count` without blocking the calling thread (a page's
   * thread polls while they load), unless one fails to load; resolves to how many there are.
   */
  async start(count: number): Promise<number> {
    while (!this.failed && this.helpers.length < count) {
      const helper = this.spawn();
      const until = performance.now() + START_TIMEOUT_MS;
      while (Atomics.load(helper.control, SLOT.READY) === 0 && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 2));
      this.settle(helper);
    }
    return this.helpers.length;
  }

  private spawn(): { readonly control: Int32Array; readonly thread: { terminate(): void } } {
    const control = new Int32Array(new SharedArrayBuffer(SLOT.SIZE * 4));
    const data: WorkerData = { module: this.module, memory: this.memory, control: control.buffer as SharedArrayBuffer, next: this.next.buffer as SharedArrayBuffer, kernels: this.kernels, argCounts: this.argCounts, slot: SLOT, spinMs: SPIN_MS };
    return { control, thread: this.host.start(data) };
  }

  /** Keeps a started helper that is ready; gives up one that failed or timed out, and any more. */
  private settle(helper: ReturnType<WasmThreads['spawn']>): void {
    if (Atomics.load(helper.control, SLOT.READY) === 1) {
      this.helpers.push(helper);
    } else {
      this.failed = true;
      helper.thread.terminate();
    }
  }

  /**
   * Runs `job` on `helpers` helpers (at most what `reserve` gave) while the calling thread
   * takes chunks with `own` (its instance's kernels, its status pointer); waits for all.
   * Returns the failure at the lowest query among the threads ([code, query, position]), or
   * null. A helper whose kernel threw reports code -1; it is rethrown here as an Error.
   */
  run(helpers: number, job: ThreadJob, own: { readonly kernels: readonly WasmKernel[]; readonly status: number }): Int32Array | null {
    Atomics.store(this.next, 0, 0);
    const number = ++this.job;
    for (let t = 0; t < helpers; t++) {
      const { control } = this.helpers[t]!;
      control[SLOT.STEPS] = job.steps.length;
      job.steps.forEach((step, k) => {
        const at = SLOT.STEP + k * SLOT.STEP_SIZE;
        control[at] = step.kernel;
        control[at + 1] = step.firstSlot;
        control.set(step.args, at + 2);
      });
      control[SLOT.QUERIES] = job.queries;
      control[SLOT.CHUNK] = job.chunk;
      control[SLOT.STATUS] = job.status[t]!;
      control[SLOT.UPLOAD] = job.upload;
      control.set(job.scratch[t]!, SLOT.LAYOUT);
      Atomics.store(control, SLOT.JOB, number);
      Atomics.notify(control, SLOT.JOB);
    }
    const failures = Array.from({ length: helpers + 1 }, () => new Int32Array(3));
    try {
      const args = job.steps.map((step) => step.args.slice());
      takeChunks(own.kernels, args, job.steps.map((step) => step.firstSlot), job.queries, job.chunk, this.next, new Int32Array(this.memory.buffer), own.status, failures[helpers]!);
    } finally {
      // the helpers use the memory until they are done, whatever the calling thread met; spin
      // a little first, as for a job (the last chunks end close together)
      const until = performance.now() + SPIN_MS;
      for (let t = 0; t < helpers; t++) {
        const { control } = this.helpers[t]!;
        while (Atomics.load(control, SLOT.DONE) !== number && (performance.now() < until || !this.host.canBlock));
        for (let done = Atomics.load(control, SLOT.DONE); done !== number; done = Atomics.load(control, SLOT.DONE)) Atomics.wait(control, SLOT.DONE, done);
        failures[t]!.set(control.subarray(SLOT.FAILURE, SLOT.FAILURE + 3));
      }
    }
    if (failures.some((f) => f[0] === -1)) throw new Error('a WASM worker thread failed while running a kernel');
    let lowest: Int32Array | null = null;
    for (const f of failures) if (f[0] !== 0 && (lowest === null || f[1]! < lowest[1]!)) lowest = f;
    return lowest;
  }
}
