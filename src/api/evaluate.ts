import { InputError, InputTypeError } from '../core/errors.js';
import { evaluateBatch } from './evaluateBatch.js';
import type { EvaluateOptions, Query } from './types.js';

/** A query's array as doubles; a typed array of BigInts or on a transferred (detached) buffer is named. */
function toFloat64(values: ArrayLike<number>, what: string): Float64Array {
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number') throw new InputTypeError(`query.${what} must be an array of numbers`);
  if (ArrayBuffer.isView(values)) {
    if (values instanceof BigInt64Array || values instanceof BigUint64Array) throw new InputTypeError(`query.${what} is a ${values.constructor.name}: give numbers (a Float64Array or an array), not BigInts`);
    try {
      return Float64Array.from(values);
    } catch (e) {
      // only a detached buffer fails to be read (and reads as 0 bytes)
      if (values.byteLength === 0) throw new InputTypeError(`query.${what}'s buffer was transferred to another thread (detached): it holds no values`);
      throw e;
    }
  }
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number') throw new InputTypeError(`query: ${what}[${i}] is ${typeof v}, not a number`, 0, i);
    out[i] = v;
  }
  return out;
}

/**
 * Evaluates one ranked query.
 *
 * @param query scores and labels of the retrieved documents (arrays or typed arrays of equal
 *   length); optional `docs` (ids; required for `ties: 'trec'`), `relevant` (R; default
 *   counted from the ideal labels) and `idealLabels` (every judged label; default `labels`)
 * @param measures measure names, e.g. `['AP', 'nDCG@10', 'RR']`
 * @param options `ties`: `average` (default), `optimistic`, `pessimistic`, `trec`, `input`;
 *   `backend`: `auto` (default), `native`, `wasm`, `js`
 * @returns each measure name, exactly as given, to its value. A value past its measure's exact
 *   budget is estimated from sampled tie orderings (see EvaluateOptions.exact): the first time a
 *   process meets one, a warning says which and with what standard error (evaluateBatch lists
 *   every one in its `estimated`)
 * @example evaluate({ scores: [3, 2, 2, 1], labels: [0, 1, 0, 1] }, ['AP', 'P@2']) // { AP: 0.4583…, 'P@2': 0.25 }
 */
export function evaluate(query: Query, measures: readonly string[], options: EvaluateOptions = {}): Record<string, number> {
  if (query === null || typeof query !== 'object') throw new InputTypeError('query must be an object { scores, labels, ... }');
  const scores = toFloat64(query.scores, 'scores');
  const labels = toFloat64(query.labels, 'labels');
  if (labels.length !== scores.length) throw new InputError(`query: labels has ${labels.length} entries, scores ${scores.length}`, 0);
  if (query.relevant !== undefined && typeof query.relevant !== 'number') throw new InputTypeError('query.relevant must be a number');
  const result = evaluateBatch(
    {
      scores,
      labels,
      offsets: Uint32Array.of(0, scores.length),
      ...(query.relevant === undefined ? {} : { relevant: Float64Array.of(query.relevant) }),
      ...(query.idealLabels === undefined ? {} : { idealLabels: [toFloat64(query.idealLabels, 'idealLabels')] }),
      ...(query.docs === undefined ? {} : { docs: query.docs }),
    },
    measures,
    options,
  );
  const values: Record<string, number> = {};
  for (const name of Object.keys(result.perQuery)) values[name] = result.perQuery[name]![0]!;
  if (result.estimated !== undefined && !warned) {
    warned = true;
    const which = result.estimated.map((e) => `${e.measure} ± ${e.standardError.toPrecision(2)}`).join(', ');
    warn(`tie-eval: evaluate() estimated ${which} from sampled tie orderings (no exact form within the budget; exact: true refuses instead; evaluateBatch lists every estimate). This warning is given once.`);
  }
  return values;
}

/** Whether evaluate has warned of an estimate in this process (once is enough to say that values may be estimates). */
let warned = false;

/** A warning where the runtime shows them: Node's process warnings, else the console. */
function warn(message: string): void {
  if (typeof process !== 'undefined' && typeof process.emitWarning === 'function') process.emitWarning(message);
  else console.warn(message);
}
