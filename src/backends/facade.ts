import type { Backend, BackendChoice, BackendName } from './backend.js';
import { jsBackend } from './js.js';
import { LOADERS } from './loadBackends.js';

const NAMES: readonly BackendName[] = ['native', 'wasm', 'js'];

/** The backends that loaded, and why the others did not. */
const loaded = new Map<BackendName, Backend>();
const failures = new Map<BackendName, Error>();

/** Why a backend did not load: an Error whose JSON is its message (`JSON.stringify(backendInfo())` shows it, not `{}`). */
class LoadError extends Error {
  toJSON(): string {
    return this.message;
  }
}

function tryLoad(name: BackendName, load: () => Backend): void {
  try {
    loaded.set(name, load());
  } catch (cause) {
    const why = cause instanceof Error ? cause.message : String(cause);
    failures.set(name, new LoadError(`the ${name} backend did not load: ${why}`, { cause }));
  }
}

// At load time, synchronously: the native addon, else WebAssembly, else the TypeScript reference
// (in a browser, only the reference: ready() adds WebAssembly).
for (const [name, load] of LOADERS) tryLoad(name, load);
loaded.set('js', jsBackend);

/** A backend by name, or an error that carries why it did not load. */
function named(name: string, origin: string): Backend {
  if (!NAMES.includes(name as BackendName)) throw new RangeError(`${origin}: unknown backend '${name}' (use native, wasm or js)`);
  const backend = loaded.get(name as BackendName);
  if (backend === undefined) {
    const cause = failures.get(name as BackendName)!;
    throw new Error(`${origin}: the ${name} backend is not available: ${cause.message}`, { cause });
  }
  return backend;
}

/** TIE_EVAL_BACKEND, where there is an environment to read and the runtime lets it be read (Deno without --allow-env throws). */
function forcedFromEnv(): string | undefined {
  try {
    return typeof process === 'undefined' ? undefined : process.env.TIE_EVAL_BACKEND;
  } catch {
    return undefined;
  }
}

const forcedName = forcedFromEnv();
const forced = forcedName !== undefined && forcedName !== '';
const choose = (): Backend => (forced ? named(forcedName, 'TIE_EVAL_BACKEND') : (loaded.get('native') ?? loaded.get('wasm') ?? jsBackend));
let selected = choose();

/**
 * Adds a backend loaded after start (a browser's WASM module, by ready()), or records why it
 * did not load; `auto` then serves the best one loaded.
 */
export function addBackend(name: BackendName, load: () => Backend): void {
  failures.delete(name);
  tryLoad(name, load);
  selected = choose();
}

/**
 * Under `auto`, batches with fewer entries than this go to the TypeScript reference: below it
 * the fixed cost of entering WASM or the addon outweighs their faster kernels. Measured with
 * bench/small.bench.ts (judged in-degree queries, six @10): 18 entries: js 19 µs, wasm 23 µs,
 * native 27 µs; 36: all three 26-28 µs; 74: wasm 31 µs, native 31 µs, js 38 µs.
 */
export const ROUTE_TO_JS_BELOW = 32;

/**
 * The backend for a call of `entries` documents: `auto` (default) is the one chosen at load
 * time (native, else wasm, else js; TIE_EVAL_BACKEND forces one), except that small calls go
 * to the reference unless a backend is forced; a name asks for that one and throws, with the
 * load error as its cause, when it is not available.
 */
export function resolveBackend(choice: BackendChoice | undefined, entries = Infinity): Backend {
  if (choice !== undefined && choice !== 'auto') return named(choice, 'backend option');
  return !forced && entries < ROUTE_TO_JS_BELOW ? jsBackend : selected;
}

/** The backend `auto` serves a call too large for the reference (backendInfo().selected, without building that object). */
export function selectedBackend(): BackendName {
  return selected.name;
}

/** Which backend serves `auto`, which loaded, and why the others did not. */
export interface BackendInfo {
  readonly selected: BackendName;
  readonly available: BackendName[];
  readonly errors: Partial<Record<BackendName, Error>>;
}

/** Reports the load-time choice of backend. */
export function backendInfo(): BackendInfo {
  return {
    selected: selected.name,
    available: NAMES.filter((n) => loaded.has(n)),
    errors: Object.fromEntries(failures) as Partial<Record<BackendName, Error>>,
  };
}
