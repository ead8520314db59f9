import { room } from '../util/grown.js';

/** One query's documents and values, as given: an object or a Map. */
export type Documents = ReadonlyMap<string, unknown> | Readonly<Record<string, unknown>>;

/** Whether a plain object or Map of documents, as given for a query. */
export const isMap = (docs: Documents): docs is ReadonlyMap<string, unknown> => docs instanceof Map;

/**
 * One query's documents read in the order given (an object's own enumerable keys, as for-in
 * walks them, or a Map's entries): their ids and numeric values, in arrays kept from query to
 * query. Reading an object's values by for-in, straight into a Float64Array, is the fastest way
 * V8 offers (no lookup of each key, no number boxed for a call).
 */
export class QueryDocuments {
  /** `ids[i]` and `values[i]`, for i below `count` */
  readonly ids: string[] = [];
  values = new Float64Array(256);
  count = 0;
  /** the first document whose value is not a number, and its value: reading stopped there (null: none) */
  strayId: string | null = null;
  strayValue: unknown = undefined;

  /**
   * Reads a query's documents; stops at the first value that is not a number (`strayId`).
   * `side` says whose: the qrels' and the run's objects are walked by loops of their own (see walkQrels).
   */
  read(docs: Documents, side: 'qrels' | 'run'): void {
    this.count = 0;
    this.strayId = null;
    if (isMap(docs)) {
      docs.forEach((value, doc) => {
        if (this.strayId === null) this.add(doc, value);
      });
    } else if (side === 'qrels') walkQrels(this, docs as Record<string, unknown>);
    else walkRun(this, docs as Record<string, unknown>);
  }

  /** Lets go of the ids and the stray value read last: a reader kept for the next call holds none of the caller's data. */
  forget(): void {
    this.ids.length = 0;
    this.count = 0;
    this.strayId = null;
    this.strayValue = undefined;
  }

  /** Keeps a document and its value, or notes it as the stray and returns false. */
  add(doc: string, value: unknown): boolean {
    if (typeof value !== 'number') {
      this.strayId = doc;
      this.strayValue = value;
      return false;
    }
    if (this.count === this.values.length) this.values = room(this.values, this.count + 1);
    this.ids[this.count] = doc;
    this.values[this.count++] = value;
    return true;
  }
}

/** Whether for-in walks only an object's own keys: its prototype is Object.prototype (which has no enumerable keys) or null. */
export function walksOwnKeys(record: object): boolean {
  const prototype = Object.getPrototypeOf(record);
  return prototype === Object.prototype || prototype === null;
}

/**
 * An object's documents into `into` by for-in, for the qrels; walkRun is the same loop for the
 * run. Two copies because V8 keeps a for-in's feedback per place in the source: once a loop has
 * walked an object V8 holds as a hash table (one built key by key), it walks every object from
 * then on about three times slower than one that has only seen the fast form (JSON.parse's), so
 * qrels read from JSON beside a run built in code each keep their own loop.
 */
function walkQrels(into: QueryDocuments, record: Record<string, unknown>): void {
  const own = walksOwnKeys(record);
  for (const doc in record) if ((own || Object.hasOwn(record, doc)) && !into.add(doc, record[doc])) return;
}

/** walkQrels' loop for the run's objects (see there why apart). */
function walkRun(into: QueryDocuments, record: Record<string, unknown>): void {
  const own = walksOwnKeys(record);
  for (const doc in record) if ((own || Object.hasOwn(record, doc)) && !into.add(doc, record[doc])) return;
}
