/**
 * A group of r relevant and w = n - r other documents with r (w + 1) at most this many is
 * counted exactly (see countBelow in iprec): its C(n, r) orders stay below 2^53 (at most C(44, 22)).
 */
export const COUNT_CELLS = 512;

/** Where row j of the table starts; row j holds e = 0 .. COUNT_CELLS / (j + 1) - 1. */
const START = new Int32Array(COUNT_CELLS + 1);
for (let j = 0; j < COUNT_CELLS; j++) START[j + 1] = START[j]! + Math.floor(COUNT_CELLS / (j + 1));

/**
 * C(e + j, j), the non-decreasing sequences of j whole numbers in [0, e], at
 * FREE_ORDERS[freeOrdersRow(j) + e] for (j + 1)(e + 1) <= COUNT_CELLS (a counted group's free
 * candidates above its first, j = f - 1, e <= w); by Pascal's rule, in additions of whole
 * numbers below 2^53: exact.
 */
export const FREE_ORDERS = new Float64Array(START[COUNT_CELLS]!);
for (let j = 0; j < COUNT_CELLS; j++) {
  for (let e = 0; START[j]! + e < START[j + 1]!; e++) FREE_ORDERS[START[j]! + e] = j === 0 || e === 0 ? 1 : FREE_ORDERS[START[j]! + e - 1]! + FREE_ORDERS[START[j - 1]! + e]!;
}

/**
 * Where row j of FREE_ORDERS starts.
 * @example FREE_ORDERS[freeOrdersRow(2) + 3] // 10: C(5, 2)
 */
export function freeOrdersRow(j: number): number {
  return START[j]!;
}

/**
 * C(a, b), exact, from the table: for 0 <= b <= a with (b + 1)(a - b + 1) <= COUNT_CELLS (every a <= 43).
 * @example binomial(5, 2) // 10
 */
export function binomial(a: number, b: number): number {
  return FREE_ORDERS[START[b]! + a - b]!;
}
