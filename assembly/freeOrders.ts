import { getF64, getI32, setF64, setI32 } from './memory';

/**
 * A group of r relevant and w = n - r other documents with r (w + 1) at most this many is
 * counted exactly (see countBelow in iprec): its C(n, r) orders stay below 2^53 (at most C(44, 22)).
 */
export const COUNT_CELLS: i32 = 512;

/** The numbers of the table: the sum over j < COUNT_CELLS of COUNT_CELLS / (j + 1). */
export const FREE_ORDERS_SIZE: i32 = 3280;

/** Where row j of the table starts (i32; row j holds e = 0 .. COUNT_CELLS / (j + 1) - 1), and the table (f64), in the scratch. */
let start: usize = 0;
let table: usize = 0;

/**
 * Places the table (COUNT_CELLS + 1 i32 at `starts`, FREE_ORDERS_SIZE f64 at `values`) and fills
 * it: C(e + j, j) by Pascal's rule, in additions of whole numbers below 2^53: exact. `keep`: not
 * again where it was filled last (see layoutScratch).
 */
export function fillFreeOrders(starts: usize, values: usize, keep: bool): void {
  if (keep && starts == start && values == table) return;
  start = starts;
  table = values;
  setI32(start, 0, 0);
  for (let j = 0; j < COUNT_CELLS; j++) setI32(start, j + 1, getI32(start, j) + COUNT_CELLS / (j + 1));
  for (let j = 0; j < COUNT_CELLS; j++) {
    for (let e = 0; getI32(start, j) + e < getI32(start, j + 1); e++) setF64(table, getI32(start, j) + e, j == 0 || e == 0 ? 1 : getF64(table, getI32(start, j) + e - 1) + getF64(table, getI32(start, j - 1) + e));
  }
}

/**
 * Row j of C(e + j, j), the non-decreasing sequences of j whole numbers in [0, e], at [e] (f64)
 * for (j + 1)(e + 1) <= COUNT_CELLS (a counted group's free candidates above its first, j = f - 1,
 * e <= w).
 */
@inline export function freeOrdersRow(j: i32): usize {
  return table + (<usize>getI32(start, j) << 3);
}

/** C(a, b), exact, from the table: for 0 <= b <= a with (b + 1)(a - b + 1) <= COUNT_CELLS (every a <= 43). */
@inline export function binomial(a: f64, b: f64): f64 {
  return getF64(freeOrdersRow(<i32>b), <i32>(a - b));
}

/** Forgets where the table was filled: memory laid out for another kernel (the diversity measures') may have written over it. */
export function forgetFreeOrders(): void {
  start = 0;
  table = 0;
}
