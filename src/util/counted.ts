/**
 * A count with its noun in the number it takes: `1 query`, `2 queries`.
 * @example counted(1, 'query', 'queries') // '1 query'
 */
export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
