/** A copy of typed array `a` in a new array of `length` elements (the rest zero), for arrays that grow by doubling. */
export function grown<T extends Int32Array | Uint32Array | Float64Array>(a: T, length: number): T {
  const b = new (a.constructor as new (length: number) => T)(length);
  b.set(a);
  return b;
}

/** `a` if it holds `size` values, else a copy of it at least twice as long (`size` when more), for arrays filled as they grow. */
export function room<T extends Int32Array | Uint32Array | Float64Array>(a: T, size: number): T {
  return size <= a.length ? a : grown(a, Math.max(size, 2 * a.length));
}
