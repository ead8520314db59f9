import { evaluateQueries } from '../reference/evaluateQueries.js';
import { prepareQueries } from '../reference/prepareQueries.js';
import { Scratch } from '../reference/scratch.js';
import type { Backend } from './backend.js';

const scratch = new Scratch();

/** The TypeScript reference as a backend: the spec the compiled backends are checked against. */
export const jsBackend: Backend = {
  name: 'js',
  prepareQueries: (labels, offsets, ideal, idealOffsets, relevant, plan, constants) =>
    prepareQueries(labels, offsets, ideal, idealOffsets, relevant, plan, scratch, constants),
  evaluateQueries: (scores, labels, offsets, tieKeys, mode, plan, constants, out) =>
    evaluateQueries(scores, labels, offsets, tieKeys, mode, plan, constants, scratch, out),
};
