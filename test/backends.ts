import type { EvaluateOptions } from '../src/index.js';

/** The backends every suite runs against, with the options that select each. */
export const BACKENDS: { name: string; options: EvaluateOptions }[] = [{ name: 'js', options: {} }];
