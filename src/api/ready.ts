import { backendInfo, type BackendInfo } from '../backends/facade.js';
import { cores } from '../core/cores.js';

/** Where a browser gets the WASM module, and how many threads it may use (Node ignores them). */
export interface ReadyOptions {
  /**
   * The module: a URL to fetch, its bytes, a fetch Response, or a compiled module. A
   * cross-origin-isolated page takes the shared build (`wasm/tie-eval.wasm`), any other page the
   * single-thread build (`wasm/tie-eval.single.wasm`). Default: the fitting one from `wasmBase`.
   */
  readonly wasm?: string | URL | ArrayBuffer | Uint8Array | Response | WebAssembly.Module;
  /** The folder holding both builds. Default: the package's `wasm/` folder, beside the `dist/` this module is in. */
  readonly wasmBase?: string | URL;
  /**
   * Threads a batch may be shared among (the calling one and Web Workers, started now; the
   * `threads` option of each call then picks up to this many). Only a cross-origin-isolated page
   * can share memory with workers; elsewhere it is 1. Default: min(4, navigator.hardwareConcurrency).
   */
  readonly threads?: number;
}

/** What ready() found: backendInfo's report, and the threads the WASM backend may use. */
export interface ReadyInfo extends BackendInfo {
  /**
   * How many threads a batch on the WASM backend may be shared among: in a browser the calling
   * one and the workers ready() started (1 on a page that is not cross-origin isolated); in Node,
   * where workers start as calls ask for them, the machine's cores.
   */
  readonly wasmThreads: number;
}

/**
 * Makes the compiled backends ready. In Node they load when the package does, so this resolves
 * at once; in a browser it fetches and compiles the WASM module and starts its workers (call it,
 * and await it, before the first evaluation that should use WASM; until then, and if it fails,
 * the TypeScript reference serves, and `errors.wasm` of the result says why). Calling it again
 * returns the first call's promise.
 * @returns which backend serves now, which loaded, why the others did not (as backendInfo), and the WASM threads
 * @example
 * const { selected } = await ready(); // 'native' in Node with the addon, 'wasm' in a browser
 */
export async function ready(_options: ReadyOptions = {}): Promise<ReadyInfo> {
  return { ...backendInfo(), wasmThreads: cores() };
}
