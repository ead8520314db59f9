import type { Addon } from './addon.js';

/** A browser has no native addon (the WASM backend serves there). */
export function loadAddon(): Addon {
  throw new Error('a browser has no native addon');
}
