import { cores } from './cores.js';

/**
 * The thread count used where none is given (reading or evaluating a run, `features`, a
 * browser's workers): one per core, at most 4; more rarely pays on the 2-8 core machines these
 * jobs run on, and each thread holds its own chunk of data.
 */
export const defaultThreads = (): number => Math.min(cores(), 4);
