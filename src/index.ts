export { evaluate } from './api/evaluate.js';
export { evaluateBatch } from './api/evaluateBatch.js';
export { InputError, InputTypeError } from './api/errors.js';
export type { Batch, BatchLabels, BatchResult, EvaluateOptions, Query } from './api/types.js';
export { parseMeasure, MeasureNameError, type MeasureSpec } from './measures/parse.js';
export { MEASURES, describeMeasures } from './measures/catalog.js';
export type { TieMode } from './ties/modes.js';
export type { BackendName } from './backends/backend.js';
