import { InputError, InputTypeError } from '../core/errors.js';

/** A document id that is not a string: docs[at], position i of query q. */
export function docIdNotString(describeQuery: (q: number) => string, q: number, at: number, i: number, id: unknown): InputTypeError {
  return new InputTypeError(`${describeQuery(q)}: docs[${at}] is ${typeof id}, not a string`, q, i);
}

/** A document id twice in query q, at positions first < second. */
export function docIdTwice(describeQuery: (q: number) => string, q: number, id: string, first: number, second: number): InputError {
  return new InputError(`${describeQuery(q)}: document '${id}' appears twice, at positions ${first} and ${second} (a document may be ranked once per query)`, q, second);
}
