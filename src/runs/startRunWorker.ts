import { Worker } from 'node:worker_threads';
import type { ByteRange } from '../io/byteRange.js';
import type { RunNotes } from '../io/forEachRunQuery.js';
import type { Input } from '../io/input.js';
import type { RunOptions } from './options.js';
import type { CollectedPart } from './runCollector.js';

/** What a run worker is given (structured-cloned): one byte range of a run to collect. */
export interface RunWorkerTask {
  readonly runPath: string;
  readonly qrels: Input;
  /** the calling thread's judgements, shared (see shareQrels), or null to read `qrels` */
  readonly qrelsToken: number | null;
  readonly names: string[];
  readonly options: Omit<RunOptions, 'onBytes'>;
  readonly range: ByteRange;
}

/** A worker's messages: bytes read so far, then its part. */
export type RunWorkerMessage = { readonly bytes: number } | { readonly part: CollectedPart; readonly notes: RunNotes };

/** A started worker: its part when done (rejected if it fails or exits early), and a way to stop it. */
export interface RunWorker {
  readonly result: Promise<{ part: CollectedPart; notes: RunNotes }>;
  terminate(): Promise<number>;
}

const SCRIPT = new URL(import.meta.url.endsWith('.ts') ? './runWorker.ts' : './runWorker.js', import.meta.url);

/** A worker thread running runWorker; run from the sources (tests, tsx), it loads them through tsx. */
function spawn(task: RunWorkerTask): Worker {
  if (!SCRIPT.pathname.endsWith('.ts')) return new Worker(SCRIPT, { workerData: task });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(SCRIPT.href)}); })`;
  return new Worker(boot, { eval: true, workerData: task });
}

/** Starts a worker collecting `task`'s range (see runWorker); `onBytes` hears its progress. */
export function startRunWorker(task: RunWorkerTask, onBytes?: (bytes: number) => void): RunWorker {
  const worker = spawn(task);
  const result = new Promise<{ part: CollectedPart; notes: RunNotes }>((resolve, reject) => {
    worker.on('message', (m: RunWorkerMessage) => {
      if ('bytes' in m) onBytes?.(m.bytes);
      else resolve(m);
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`run worker exited (${code}) before its part was done`)));
  });
  // a caller that stops waiting (another part failed) leaves no unhandled rejection behind
  result.catch(() => undefined);
  return { result, terminate: () => worker.terminate() };
}
