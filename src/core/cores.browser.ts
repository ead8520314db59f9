/** How many threads this machine runs at once (the browser's estimate; 1 where it gives none). */
export const cores = (): number => (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
