import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { TrecReader } from './trecReader.js';

/** Where node-gyp (binding.gyp) builds the addon: <package>/build/Release/tie_eval.node. */
export const ADDON_PATH = new URL('../../build/Release/tie_eval.node', import.meta.url);

/** The C++ addon's exports (native/addon.cc): the kernels over a batch, and the byte-level TREC reader. */
export interface Addon {
  prepareQueries(labels: unknown, offsets: unknown, ideal: unknown, idealOffsets: unknown, relevant: unknown, plan: unknown, constants: Float64Array, status: Int32Array, threads: number): number;
  evaluateQueries(scores: unknown, labels: unknown, offsets: unknown, tieKeys: unknown, mode: unknown, plan: unknown, constants: Float64Array, out: unknown, status: Int32Array, threads: number): number;
  evaluateBatch(labels: unknown, offsets: unknown, ideal: unknown, idealOffsets: unknown, relevant: unknown, plan: unknown, constants: Float64Array, status: Int32Array, threads: number, scores: unknown, tieKeys: unknown, mode: unknown, out: unknown): number;
  TrecReader: new () => TrecReader;
  /** which countGroups loop runs: "avx2" or "baseline" */
  vectorPath: string;
}

/**
 * Loads the addon synchronously (Node caches it: every call returns the same module).
 * @throws when the addon was not built or does not load
 */
export function loadAddon(path: URL = ADDON_PATH): Addon {
  return createRequire(import.meta.url)(fileURLToPath(path)) as Addon;
}
