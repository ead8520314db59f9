import { evaluateQueries } from '../reference/evaluateQueries.js';
import { prepareQueries } from '../reference/prepareQueries.js';
import { Scratch } from '../reference/scratch.js';
import type { Backend } from './backend.js';
import { checkJudged, checkScores } from './checkArgs.js';
import { checkDiversity } from './checkDiversity.js';
import { diversityQueries } from '../reference/diversityQueries.js';
import { DiversityScratch } from '../reference/diversityScratch.js';

const scratch = new Scratch();
const diversityScratch = new DiversityScratch();

/** The TypeScript reference as a backend: the spec the compiled backends are checked against. */
export const jsBackend: Backend = {
  name: 'js',
  prepare(judged, plan) {
    checkJudged(judged, plan);
    const { labels, offsets } = judged;
    const queries = offsets.length - 1;
    const constants = new Float64Array(queries * plan.constantsPerQuery);
    const status = new Int32Array(3);
    prepareQueries(labels, offsets, 0, queries, judged.ideal, judged.idealOffsets, judged.relevant, plan, scratch, constants, status);
    return {
      status,
      evaluate(scores, tieKeys, mode, out) {
        checkScores(scores, labels.length, queries, plan, tieKeys, mode, out);
        return evaluateQueries(scores, labels, offsets, 0, queries, tieKeys, mode, plan, constants, scratch, out, status);
      },
    };
  },
  diversity(batch, out) {
    checkDiversity(batch, out);
    diversityQueries(batch, diversityScratch, out);
  },
};
