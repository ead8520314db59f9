// Typed reads and writes of linear memory: element i of an array starting at p.

@inline export function getF64(p: usize, i: i32): f64 {
  return load<f64>(p + (<usize>i << 3));
}

@inline export function setF64(p: usize, i: i32, v: f64): void {
  store<f64>(p + (<usize>i << 3), v);
}

@inline export function getI32(p: usize, i: i32): i32 {
  return load<i32>(p + (<usize>i << 2));
}

@inline export function setI32(p: usize, i: i32, v: i32): void {
  store<i32>(p + (<usize>i << 2), v);
}

@inline export function getU32(p: usize, i: i32): i32 {
  return <i32>load<u32>(p + (<usize>i << 2));
}

/** A label of type L (u8, i32 or f64) as a double. */
@inline export function getLabel<L>(p: usize, i: i32): f64 {
  return <f64>load<L>(p + (<usize>i << alignof<L>()));
}
