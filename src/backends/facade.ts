import type { Backend, BackendName } from './backend.js';
import { jsBackend } from './js.js';
import { loadNativeBackend } from './native.js';
import { loadWasmBackend } from './wasm.js';

/** The `backend` option: a backend by name, or `auto` (the one chosen at load time). */
export type BackendChoice = 'auto' | BackendName;

const NAMES: readonly BackendName[] = ['native', 'wasm', 'js'];

/** The backends that loaded, and why the others did not. */
const loaded = new Map<BackendName, Backend>();
const failures = new Map<BackendName, Error>();

function tryLoad(name: BackendName, load: () => Backend): void {
  try {
    loaded.set(name, load());
  } catch (cause) {
    failures.set(name, new Error(`the ${name} backend did not load: ${(cause as Error).message}`, { cause }));
  }
}

// At load time, synchronously: the native addon, else WebAssembly, else the TypeScript reference.
tryLoad('native', () => loadNativeBackend());
tryLoad('wasm', () => loadWasmBackend());
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

const forced = process.env.TIE_EVAL_BACKEND;
const selected: Backend =
  forced !== undefined && forced !== '' ? named(forced, 'TIE_EVAL_BACKEND') : (loaded.get('native') ?? loaded.get('wasm') ?? jsBackend);

/**
 * The backend for a call: `auto` (default) is the one chosen at load time (native, else
 * wasm, else js; TIE_EVAL_BACKEND forces one); a name asks for that one and throws, with the
 * load error as its cause, when it is not available.
 */
export function resolveBackend(choice: BackendChoice | undefined): Backend {
  return choice === undefined || choice === 'auto' ? selected : named(choice, 'backend option');
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
