import { InputError, InputTypeError } from '../core/errors.js';
import { selectedBackend } from '../backends/facade.js';
import { evaluateValues } from './evaluateModes.js';
import type { EvaluateOptions, Query } from './types.js';

/** toFloat64's buffers, reused from call to call (a buffer per array per call was a fifth of a small call); not while a call is in one (a getter of the query calling evaluate). */
let scratch = [new Float64Array(64), new Float64Array(64)];
let busy = false;

/** A query's array as doubles, in `into` where given (its first values.length); a typed array of BigInts or on a transferred (detached) buffer is named. */
function toFloat64(values: ArrayLike<number>, what: string, into?: Float64Array): Float64Array {
  if (values === null || typeof values !== 'object' || typeof values.length !== 'number') throw new InputTypeError(`query.${what} must be an array of numbers`);
  if (ArrayBuffer.isView(values)) {
    if (values instanceof BigInt64Array || values instanceof BigUint64Array) throw new InputTypeError(`query.${what} is a ${values.constructor.name}: give numbers (a Float64Array or an array), not BigInts`);
    // a detached buffer reads as empty; its methods throw (an empty array's do not)
    if (values.byteLength === 0) {
      try {
        (values as unknown as Float64Array).fill(0, 0, 0);
      } catch {
        throw new InputTypeError(`query.${what}'s buffer was transferred to another thread (detached): it holds no values`);
      }
    }
  }
  const out = into === undefined ? new Float64Array(values.length) : into.subarray(0, values.length);
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
  const own = !busy;
  busy = true;
  try {
    const n = (query.scores as ArrayLike<number> | undefined)?.length ?? 0;
    if (own && n > scratch[0]!.length) scratch = [new Float64Array(2 * n), new Float64Array(2 * n)];
    const scores = toFloat64(query.scores, 'scores', own ? scratch[0] : undefined);
    const labels = toFloat64(query.labels, 'labels', own && query.labels?.length === scores.length ? scratch[1] : undefined);
    if (labels.length !== scores.length) throw new InputError(`query: labels has ${labels.length} entries, scores ${scores.length}`, 0);
    if (query.relevant !== undefined && typeof query.relevant !== 'number') throw new InputTypeError('query.relevant must be a number');
    const result = evaluateValues(
      {
        scores,
        labels,
        offsets: Uint32Array.of(0, scores.length),
        ...(query.relevant === undefined ? {} : { relevant: Float64Array.of(query.relevant) }),
        ...(query.idealLabels === undefined ? {} : { idealLabels: [toFloat64(query.idealLabels, 'idealLabels')] }),
        ...(query.docs === undefined ? {} : { docs: query.docs }),
      },
      measures,
      [options.ties ?? 'average'],
      // a process's first calls on the compiled backend: the reference, faster for a small query
      // once V8 has compiled it (ROUTE_TO_JS_BELOW), runs interpreted at first (4-5x slower)
      options.backend === undefined && warming < WARM_CALLS ? { ...options, backend: (warming++, selectedBackend()) } : options,
    );
    const values: Record<string, number> = {};
    const out = result.outs[0]!;
    result.plan.measures.forEach((m, row) => (values[m.name] = out[row]!));
    const estimated = result.estimates[0]!;
    if (estimated.length > 0 && !warned) {
      warned = true;
      const which = estimated.map((e) => `${e.measure} ± ${e.standardError.toPrecision(2)}`).join(', ');
      warn(`tie-eval: evaluate() estimated ${which} from sampled tie orderings (no exact form within the budget; exact: true refuses instead; evaluateBatch lists every estimate). This warning is given once.`);
    }
    return values;
  } finally {
    if (own) busy = false;
  }
}

/**
 * Calls of evaluate on the compiled backend before small queries go to the reference as
 * elsewhere: on one query of 18 documents (nDCG@10, AP) the reference interpreted took 72 µs a
 * call for the first 100 calls and 17 µs for the next 900, native 23 and 8; past 10,000 calls
 * the compiled reference is the faster (2.5 µs against 3.0).
 */
const WARM_CALLS = 10_000;
let warming = 0;

/** Whether evaluate has warned of an estimate in this process (once is enough to say that values may be estimates). */
let warned = false;

/** A warning where the runtime shows them: Node's process warnings, else the console. */
function warn(message: string): void {
  if (typeof process !== 'undefined' && typeof process.emitWarning === 'function') process.emitWarning(message);
  else console.warn(message);
}
