import type { BackendChoice } from '../backends/backend.js';
import { loadAddon } from '../addon/addon.js';
import { resolveBackend } from '../backends/facade.js';
import { readQrels, type Qrels } from '../io/readQrels.js';
import { readQrelsNative, type NativeQrels } from '../io/readTrecNative.js';
import type { TieMode } from '../ties/modes.js';

/**
 * The judgements runs are evaluated against: read by the addon's reader (`native`) when it
 * serves, else by readQrels (`parsed`), which a run that is not grouped by query also needs.
 */
export interface QrelsSource {
  readonly path: string;
  readonly native?: NativeQrels;
  parsed?: Qrels;
}

/**
 * Reads the qrels for evaluating runs: with the addon's reader when the native backend serves
 * and no tie mode needs the document ids (trec, or -M's ordering, `maxRank` > 0), else with readQrels.
 * @throws FileError for a bad line (see readQrels)
 */
export async function readQrelsSource(path: string, modes: readonly TieMode[], maxRank: number, backend: BackendChoice): Promise<QrelsSource> {
  const reader = modes.includes('trec') || maxRank > 0 || resolveBackend(backend).name !== 'native' ? undefined : new (loadAddon().TrecReader)();
  return reader === undefined ? { path, parsed: await readQrels(path) } : { path, native: await readQrelsNative(path, reader) };
}
