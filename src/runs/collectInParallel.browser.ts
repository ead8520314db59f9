import type { Input } from '../io/input.js';
import type { ParallelRun } from './collectInParallel.js';
import type { RunOptions } from './options.js';
import type { QrelsSource } from './qrelsSource.js';

/** In a browser a run is bytes in memory, which are read in one thread: always null (see collectInParallel). */
export async function collectInParallel(_run: Input, _qrels: QrelsSource, _names: string[], _options: RunOptions): Promise<ParallelRun | null> {
  return null;
}
