/** Label arrays the kernels read: integers, negative = unjudged. */
export type LabelArray = Float64Array | Int32Array | Uint8Array;

/** Labels are int32 values, as trec_eval reads them (C ints) and an Int32Array holds them: the range every reader and the API accept. */
export const LABEL_MIN = -(2 ** 31);
export const LABEL_MAX = 2 ** 31 - 1;

/** How the messages name that range. */
export const LABEL_RANGE = `an integer from ${LABEL_MIN} to ${LABEL_MAX}`;

/** Whether `x` (an integer) lies in the label range; NaN does not. */
export function inLabelRange(x: number): boolean {
  return x >= LABEL_MIN && x <= LABEL_MAX;
}

/** Whether `x` is one of the label array types the kernels read. */
export function isLabelArray(x: unknown): x is LabelArray {
  return x instanceof Float64Array || x instanceof Int32Array || x instanceof Uint8Array;
}

/**
 * The label types, each with the suffix of its kernels' names in the WASM module
 * (`evaluateQueriesU8`; scripts/generate.ts writes one export per type) and its AssemblyScript type.
 */
export const LABEL_TYPES = [
  { suffix: 'U8', array: Uint8Array, assembly: 'u8' },
  { suffix: 'I32', array: Int32Array, assembly: 'i32' },
  { suffix: 'F64', array: Float64Array, assembly: 'f64' },
] as const;

/** The kernel name suffix of a label array's type. */
export function labelSuffix(labels: LabelArray): string {
  return LABEL_TYPES.find((t) => labels instanceof t.array)!.suffix;
}
