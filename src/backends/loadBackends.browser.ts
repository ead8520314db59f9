import type { Backend, BackendName } from './backend.js';

/** In a browser nothing loads at start: the WASM module is fetched by ready(). */
export const LOADERS: readonly (readonly [BackendName, () => Backend])[] = [];
