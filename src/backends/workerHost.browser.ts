import { takeChunks } from './wasmChunks.js';
import { workerMain } from './wasmWorkerMain.js';
import type { WorkerHost } from './workerHost.js';

/** The little of the DOM's Worker this uses (the package's types are Node's). */
interface WebWorker {
  postMessage(message: unknown): void;
  terminate(): void;
}
declare const Worker: new (url: string) => WebWorker;

/** What a Web Worker runs: it waits for its data, then the loop, as a Node worker. */
const WORKER_SOURCE = `onmessage = (event) => { onmessage = null; (${workerMain.toString()})(event.data, ${takeChunks.toString()}); };`;

/** Whether this thread may block in Atomics.wait: a page's main thread may not. */
function mayBlock(): boolean {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

let source: string | undefined;

/**
 * Web Workers from a Blob URL (no file to serve), given the module and the shared memory by
 * message: possible only on a cross-origin-isolated page. They are started by ready(), ahead
 * of calls: a worker cannot start while the page's thread waits for it.
 */
export const workerHost: WorkerHost = {
  start(data) {
    source ??= URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
    const worker = new Worker(source);
    worker.postMessage(data);
    return worker;
  },
  startsInCall: false,
  canBlock: mayBlock(),
};
