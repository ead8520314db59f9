import { availableParallelism } from 'node:os';

/** How many threads this machine runs at once (Node's estimate). */
export const cores = (): number => availableParallelism();
