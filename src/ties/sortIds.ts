import { compareIds, SURROGATE } from './compareIds.js';

/**
 * Sorts ids in place in the byte order of their UTF-8 encodings (trec_eval's order of queries):
 * the engine's default sort (UTF-16 order, which is byte order where no id holds a surrogate,
 * and much faster than a comparator), else by compareIds.
 * @example
 * sortIds(['b', '\u{1F600}', '\uffff', 'a']) // ['a', 'b', '\uffff', '\u{1F600}'] (4 UTF-8 bytes after 3)
 */
export function sortIds(ids: string[]): string[] {
  for (const id of ids) if (SURROGATE.test(id)) return ids.sort(compareIds);
  return ids.sort();
}
