import { Worker } from 'node:worker_threads';
import { takeChunks } from './wasmChunks.js';
import { workerMain, type WorkerData } from './wasmWorkerMain.js';

/** How a platform runs the WASM helper threads (see WasmThreads). */
export interface WorkerHost {
  /** Starts a thread running workerMain on `data`; it reports on data.control when ready. */
  start(data: WorkerData): { terminate(): void };
  /**
   * Whether helpers may be started inside a call, the calling thread blocking until they are
   * ready (Node); else only ahead of calls, asynchronously (a browser: see WasmThreads.start).
   */
  readonly startsInCall: boolean;
  /** Whether the calling thread may block in Atomics.wait (a browser's main thread may not: it spins). */
  readonly canBlock: boolean;
}

/** What a Node worker runs: the two self-contained functions, the loop given its data and the chunk taker. */
const WORKER_SOURCE = `(${workerMain.toString()})(require('node:worker_threads').workerData, ${takeChunks.toString()});`;

/** Node's worker threads, unref'd: they never keep the process alive. */
export const workerHost: WorkerHost = {
  start(workerData) {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
    worker.unref();
    // an error after the start is reported through the control block; the event must not go unheard
    worker.on('error', () => {});
    return { terminate: () => void worker.terminate() };
  },
  startsInCall: true,
  canBlock: true,
};
