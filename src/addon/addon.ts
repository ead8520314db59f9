import { createRequire } from 'node:module';
import { packageRoot } from '../core/packageRoot.js';
import type { TrecReader } from './trecReader.js';

/**
 * The addon's file, as node-gyp-build finds it under the package root: a local build
 * (build/Release/tie_eval.node, node-gyp's output) first, else the prebuilt binary that fits this
 * platform, architecture and C library (prebuilds/linux-x64/tie-eval.glibc.node: N-API, so one
 * binary serves every Node of `engines`).
 * @throws when neither exists
 */
export function addonPath(): string {
  // loaded here, not imported: it reads the environment as it loads, which a runtime may deny
  // (Deno without --allow-env): the failure is then this backend's, and WebAssembly serves
  const nodeGypBuild = createRequire(import.meta.url)('node-gyp-build') as { path(root: string): string };
  return nodeGypBuild.path(packageRoot());
}

/** The C++ addon's exports (native/addon.cc): the kernels over a batch, and the byte-level TREC reader. */
export interface Addon {
  prepareQueries(labels: unknown, offsets: unknown, ideal: unknown, idealOffsets: unknown, relevant: unknown, plan: unknown, constants: Float64Array, status: Int32Array, threads: number): number;
  evaluateQueries(scores: unknown, labels: unknown, offsets: unknown, tieKeys: unknown, mode: unknown, plan: unknown, constants: Float64Array, out: unknown, status: Int32Array, threads: number): number;
  evaluateBatch(labels: unknown, offsets: unknown, ideal: unknown, idealOffsets: unknown, relevant: unknown, plan: unknown, constants: null, status: Int32Array, threads: number, scores: unknown, tieKeys: unknown, mode: unknown, out: unknown): number;
  /** evaluateBatch's job handed to the addon's threads (true: joinBatch before touching its arrays), or run now (false: `status` holds its result) */
  startBatch(labels: unknown, offsets: unknown, ideal: unknown, idealOffsets: unknown, relevant: unknown, plan: unknown, constants: null, status: Int32Array, threads: number, scores: unknown, tieKeys: unknown, mode: unknown, out: unknown): boolean;
  /** the started job finished (the calling thread helps), its status written to `status`; returns the code */
  joinBatch(status: Int32Array): number;
  /** the diversity measures of a batch (the fields of DiversityBatch in order, then out), on the calling thread */
  diversity(rows: unknown, subtopics: unknown, subtopicCounts: unknown, rankingOffsets: unknown, ranking: unknown, groupOffsets: unknown, groupEnds: unknown, idealOffsets: unknown, ideal: unknown, maxRank: unknown, sumGroups: unknown, measures: unknown, discounts: unknown, out: unknown): void;
  TrecReader: new () => TrecReader;
  /** which countGroups loop runs: "avx2" or "baseline" */
  vectorPath: string;
}

/**
 * Loads the addon synchronously (Node caches it: every call returns the same module).
 * @throws when the addon was not built or does not load
 */
export function loadAddon(path: string = addonPath()): Addon {
  return createRequire(import.meta.url)(path) as Addon;
}
