import { loadAddon } from '../addon/addon.js';
import type { BackendChoice } from '../backends/backend.js';
import { resolveBackend } from '../backends/facade.js';
import type { Input } from '../io/input.js';
import { parseQrels, type ParsedQrels } from '../io/parseQrels.js';
import { attachQrelsNative, readQrelsNative, type NativeQrels } from '../io/readTrecNative.js';
import { inputName } from '../io/input.js';

/**
 * The judgements runs are evaluated against: read by the addon's reader (`native`) when it
 * serves, else by parseQrels (`parsed`), which a run that is not grouped by query also needs
 * (read then from the same input).
 */
export interface QrelsSource {
  readonly input: Input;
  readonly native?: NativeQrels;
  parsed?: ParsedQrels;
  /** the token under which the native judgements are shared with reading threads (see shareQrels) */
  shared?: number;
}

/**
 * Reads the qrels for evaluating runs: with the addon's reader when the native backend serves
 * (it writes the trec mode's tie keys too), else with parseQrels.
 * @throws FileError for a bad line (see parseQrels)
 */
export async function readQrelsSource(input: Input, backend: BackendChoice): Promise<QrelsSource> {
  const native = resolveBackend(backend).name === 'native';
  return native ? { input, native: await readQrelsNative(input, new (loadAddon().TrecReader)()) } : { input, parsed: await parseQrels(input) };
}

/**
 * A token under which reading threads of this process find the judgements without reading the
 * qrels again (qrelsForThread), while `qrels` lives; null when they are not the addon's (the
 * TypeScript reader's judgements are JavaScript objects, which threads cannot share).
 */
export function shareQrels(qrels: QrelsSource): number | null {
  if (qrels.native === undefined) return null;
  return (qrels.shared ??= qrels.native.reader.share());
}

/** The qrels in a reading thread: the shared judgements when there is a token, else read from `input`. */
export async function qrelsForThread(input: Input, token: number | null, backend: BackendChoice): Promise<QrelsSource> {
  if (token === null) return readQrelsSource(input, backend);
  return { input, native: attachQrelsNative(token, new (loadAddon().TrecReader)(), inputName(input)) };
}
