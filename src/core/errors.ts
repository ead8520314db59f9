import { Status } from './status.js';

/**
 * Bad input: the message names the query (index, and id when the batch has queryIds), the
 * position inside it and the rule broken. `query` and `position` are -1 where they do not apply.
 */
export class InputError extends RangeError {
  readonly query: number;
  readonly position: number;
  constructor(message: string, query = -1, position = -1) {
    super(message);
    this.name = 'InputError';
    this.query = query;
    this.position = position;
  }
}

/** An argument of the wrong type (not a typed array, not a string, ...): a TypeError. */
export class InputTypeError extends TypeError {
  readonly query: number;
  readonly position: number;
  constructor(message: string, query = -1, position = -1) {
    super(message);
    this.name = 'InputTypeError';
    this.query = query;
    this.position = position;
  }
}

/**
 * Words a kernel's status, [code, query, position], as an InputError: `value` gives the label at
 * a position of the query, `measure` the name of a measure row (VALUE_NOT_FINITE's position).
 */
export function statusError(status: Int32Array, describeQuery: (q: number) => string, value: (position: number) => unknown, measure: (row: number) => string): InputError {
  const [code = 0, query = -1, at = -1] = status;
  const where = describeQuery(query);
  switch (code) {
    case Status.SCORE_NAN:
      return new InputError(`${where}: score at position ${at} is NaN (scores must be numbers; ±Infinity is allowed)`, query, at);
    case Status.LABEL_NOT_INTEGER:
      return new InputError(`${where}: label at position ${at} is ${String(value(at))}, not a finite integer (negative labels mean unjudged)`, query, at);
    case Status.IDEAL_LABEL_NOT_INTEGER:
      return new InputError(`${where}: idealLabels[${at}] is not a finite integer`, query, at);
    case Status.RELEVANT_NOT_COUNT:
      return new InputError(`${where}: relevant (R) must be a non-negative integer`, query);
    case Status.RELEVANT_TOO_SMALL:
      return new InputError(`${where}: relevant (R) is smaller than the number of relevant documents in its labels`, query);
    case Status.IDEAL_LACKS_LABEL:
      return new InputError(
        `${where}: the label ${String(value(at))} at position ${at} is not among its idealLabels: idealLabels must hold every judged label of the query, the retrieved ones included`,
        query,
        at,
      );
    case Status.TOO_MANY_GAIN_LEVELS:
      return new InputError(`${where}: its judgements have more than 32 distinct positive gains, the most G, ndcg_rel and Rndcg keep`, query);
    case Status.VALUE_NOT_FINITE:
      return new InputError(`${where}: ${measure(at)} is not finite: its gains overflow a double (gains past about 1e308, as labels of 1024 or more with gain=exp give); use smaller gains or labels`, query);
    default:
      return new InputError(`${where}: backend reported status ${code}`, query, at);
  }
}
