import { loadAddon } from '../addon/addon.js';
import type { BackendChoice } from '../backends/backend.js';
import { resolveBackend } from '../backends/facade.js';
import type { Input } from '../io/input.js';
import { parseQrels, type ParsedQrels } from '../io/parseQrels.js';
import { readQrelsNative, type NativeQrels } from '../io/readTrecNative.js';

/**
 * The judgements runs are evaluated against: read by the addon's reader (`native`) when it
 * serves, else by parseQrels (`parsed`), which a run that is not grouped by query also needs
 * (read then from the same input).
 */
export interface QrelsSource {
  readonly input: Input;
  readonly native?: NativeQrels;
  parsed?: ParsedQrels;
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
