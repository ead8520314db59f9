import { grown } from '../util/grown.js';

/** FNV-1a over buf[start..end): the hash IdTable files ids under. */
export function hashBytes(buf: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ buf[i]!, 0x01000193);
  return h;
}

/**
 * Ids (document numbers) as bytes, each under an integer group (a query's number), numbered in
 * the order they were added, with an open-addressing hash index over (group, bytes). Reading a
 * TREC file, this stands in for a string and a Map entry per line: the bytes are copied once, into
 * one growing buffer, and found again by hash and byte comparison. Ids compare as bytes, as
 * trec_eval compares docnos.
 */
export class IdTable {
  /** number of ids */
  size = 0;
  /** id i is bytes[starts[i] .. starts[i + 1]) */
  private bytes = Buffer.alloc(1024);
  private starts = new Int32Array(65);
  private hashes = new Int32Array(64);
  private groups = new Int32Array(64);
  /** the slot each id sits in, so that clear() empties only the used slots */
  private slotOf = new Int32Array(64);
  /** id + 1, or 0 for an empty slot; at most half full */
  private slots = new Int32Array(128);

  /** The index of the id buf[start..end) of `group` (`hash` as hashBytes gives it), or -1. */
  find(group: number, buf: Uint8Array, start: number, end: number, hash: number): number {
    const mask = this.slots.length - 1;
    for (let s = slotHash(group, hash) & mask; ; s = (s + 1) & mask) {
      const entry = this.slots[s]!;
      if (entry === 0) return -1;
      const id = entry - 1;
      if (this.hashes[id] === hash && this.groups[id] === group && this.equals(id, buf, start, end)) return id;
    }
  }

  /** The index of id `i` of `other` under `group` in this table, or -1. */
  findIdOf(group: number, other: IdTable, i: number): number {
    return this.find(group, other.bytes, other.starts[i]!, other.starts[i + 1]!, other.hashes[i]!);
  }

  /** Adds id buf[start..end) to `group` (it must not be there: see find) and returns its index. */
  add(group: number, buf: Uint8Array, start: number, end: number, hash: number): number {
    const id = this.size;
    if (id === this.hashes.length) this.growIds();
    if (2 * (id + 1) > this.slots.length) this.rehash(2 * this.slots.length);
    const at = this.starts[id]!;
    const length = end - start;
    if (at + length > this.bytes.length) {
      const bigger = Buffer.alloc(Math.max(2 * this.bytes.length, at + length));
      this.bytes.copy(bigger, 0, 0, at);
      this.bytes = bigger;
    }
    // ids are short: a loop beats creating a view to copy from
    for (let k = 0; k < length; k++) this.bytes[at + k] = buf[start + k]!;
    this.starts[id + 1] = at + length;
    this.hashes[id] = hash;
    this.groups[id] = group;
    this.size = id + 1;
    this.place(id);
    return id;
  }

  /** Id i as a latin1 string (one char per byte, so string order is byte order). */
  text(i: number): string {
    return this.bytes.toString('latin1', this.starts[i]!, this.starts[i + 1]!);
  }

  /** Empties the table in time proportional to its size, keeping its memory for reuse. */
  clear(): void {
    for (let i = 0; i < this.size; i++) this.slots[this.slotOf[i]!] = 0;
    this.size = 0;
  }

  private equals(id: number, buf: Uint8Array, start: number, end: number): boolean {
    const at = this.starts[id]!;
    if (this.starts[id + 1]! - at !== end - start) return false;
    for (let k = 0; k < end - start; k++) if (this.bytes[at + k] !== buf[start + k]) return false;
    return true;
  }

  private place(id: number): void {
    const mask = this.slots.length - 1;
    let s = slotHash(this.groups[id]!, this.hashes[id]!) & mask;
    while (this.slots[s] !== 0) s = (s + 1) & mask;
    this.slots[s] = id + 1;
    this.slotOf[id] = s;
  }

  private growIds(): void {
    const capacity = 2 * this.hashes.length;
    this.starts = grown(this.starts, capacity + 1);
    this.hashes = grown(this.hashes, capacity);
    this.groups = grown(this.groups, capacity);
    this.slotOf = grown(this.slotOf, capacity);
  }

  private rehash(capacity: number): void {
    this.slots = new Int32Array(capacity);
    for (let id = 0; id < this.size; id++) this.place(id);
  }
}

/** The id hash mixed with its group (golden-ratio multiply), so that one document's judgements in many queries spread out. */
function slotHash(group: number, hash: number): number {
  return hash ^ Math.imul(group, 0x9e3779b1);
}
