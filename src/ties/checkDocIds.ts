import { compareIds } from './compareIds.js';
import { docIdNotString, docIdTwice } from './docIdErrors.js';

/** Queries of at most this many documents find repeated ids in a small table of their shapes (cheaper there than a Map). */
const SMALL = 32;

/** The small table's slots: a power of two, twice SMALL; and the shift that takes a 32-bit hash to a slot. */
const SLOTS = 64;
const SLOT_SHIFT = 26;

/**
 * A small query's working arrays: per position, its id's length and last code unit as one
 * number (its shape: ids of one query often share a long prefix, so two ids are compared in
 * full only where these agree), and its slot; the slots hold position + 1 of each id's first
 * occurrence by shape (0: empty), open addressing, emptied after each query.
 */
class IdScratch {
  readonly shapes = new Float64Array(SMALL);
  readonly slotOf = new Int32Array(SMALL);
  readonly slots = new Int32Array(SLOTS);
}

/** Kept between calls; null while in use (the ids may be read through getters, and a call nested in one takes its own). */
let kept: IdScratch | null = new IdScratch();

/**
 * The checks of a batch's document ids, in every tie mode (trecTieKeys makes trec's keys after
 * them): every id a string, none twice in a query. Where a query has several ids twice, it names
 * the largest in byte order, at its first two positions. O(n) per query (hashed: by shape up to
 * SMALL ids, else by a Map).
 * @throws InputTypeError for an id that is not a string, InputError for one twice
 */
export function checkDocIds(docs: readonly string[], offsets: Uint32Array, describeQuery: (q: number) => string): void {
  const scratch = kept ?? new IdScratch();
  kept = null;
  const { shapes, slotOf, slots } = scratch;
  // per id its first position, or -1 once it was seen twice
  const seen = new Map<string, number>();
  for (let q = 0; q + 1 < offsets.length; q++) {
    const start = offsets[q]!;
    const n = offsets[q + 1]! - start;
    // the largest id twice, at its first two positions (a third one meets the first again, and
    // does not replace its pair)
    let first = -1;
    let second = -1;
    if (n <= SMALL) {
      for (let i = 0; i < n; i++) {
        const id = docs[start + i];
        if (typeof id !== 'string') throw docIdNotString(describeQuery, q, start + i, i, id);
        const shape = id.length * 65536 + (id.length > 0 ? id.charCodeAt(id.length - 1) : 0);
        shapes[i] = shape;
        let slot = Math.imul(shape | 0, 0x9e3779b1) >>> SLOT_SHIFT;
        let entry = slots[slot]!;
        for (; entry !== 0; slot = (slot + 1) & (SLOTS - 1), entry = slots[slot]!) {
          const j = entry - 1;
          if (shapes[j] !== shape || docs[start + j] !== id) continue;
          if (second < 0 || compareIds(id, docs[start + second]!) > 0) [first, second] = [j, i];
          break;
        }
        // a repeat stays out of the table: a third copy meets the first again
        if (entry === 0) slots[slot] = i + 1;
        slotOf[i] = slot;
      }
      for (let i = 0; i < n; i++) slots[slotOf[i]!] = 0;
    } else {
      seen.clear();
      for (let i = 0; i < n; i++) {
        const id = docs[start + i];
        if (typeof id !== 'string') throw docIdNotString(describeQuery, q, start + i, i, id);
        const at = seen.get(id);
        if (at === undefined) seen.set(id, i);
        else if (at >= 0) {
          if (second < 0 || compareIds(id, docs[start + second]!) > 0) [first, second] = [at, i];
          seen.set(id, -1);
        }
      }
    }
    if (second >= 0) throw docIdTwice(describeQuery, q, docs[start + second]!, first, second);
  }
  kept = scratch;
}
