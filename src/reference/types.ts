/** Label arrays the kernels read: integers, negative = unjudged. */
export type LabelArray = Float64Array | Int32Array | Uint8Array;
