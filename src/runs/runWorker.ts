import { parentPort, workerData } from 'node:worker_threads';
import { collectRun } from './collectRun.js';
import { qrelsForThread } from './qrelsSource.js';
import type { RunWorkerMessage, RunWorkerTask } from './startRunWorker.js';

// A worker thread of collectInParallel: takes the qrels the calling thread shared (or reads them),
// collects one byte range of the run and posts the part (its value arrays transferred, not
// copied). Errors end the worker; the caller then reads the run in one thread.
const { runPath, qrels: qrelsInput, qrelsToken, names, options, range } = workerData as RunWorkerTask;
const port = parentPort!;
const qrels = await qrelsForThread(qrelsInput, qrelsToken, options.backend);
const { collector, notes } = await collectRun(runPath, qrels, names, { ...options, onBytes: (bytes) => port.postMessage({ bytes } satisfies RunWorkerMessage) }, range);
const part = collector.toPart();
port.postMessage({ part, notes } satisfies RunWorkerMessage, part.values.map(([, v]) => v.buffer));
