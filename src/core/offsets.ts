import { InputError, InputTypeError } from './errors.js';

/** Checks that offsets cut `length` entries into queries: Q + 1 values from 0, non-decreasing, ending at length. */
export function checkOffsets(offsets: unknown, length: number, what: string): asserts offsets is Uint32Array {
  if (!(offsets instanceof Uint32Array)) throw new InputTypeError(`${what} must be a Uint32Array of Q + 1 offsets`);
  if (offsets.length === 0) throw new InputError(`${what} must hold Q + 1 values (at least [0])`);
  if (offsets[0] !== 0) throw new InputError(`${what}[0] must be 0, got ${offsets[0]}`);
  for (let q = 1; q < offsets.length; q++) {
    if (offsets[q]! < offsets[q - 1]!) throw new InputError(`${what} must not decrease: ${what}[${q}] = ${offsets[q]} < ${what}[${q - 1}] = ${offsets[q - 1]}`, q - 1);
  }
  if (offsets[offsets.length - 1] !== length) {
    throw new InputError(`${what} must end at ${length} (the entry count), got ${offsets[offsets.length - 1]}`);
  }
}
