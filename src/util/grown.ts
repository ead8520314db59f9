/** A copy of typed array `a` in a new array of `length` elements (the rest zero), for arrays that grow by doubling. */
export function grown<T extends Int32Array | Float64Array>(a: T, length: number): T {
  const b = new (a.constructor as new (length: number) => T)(length);
  b.set(a);
  return b;
}
