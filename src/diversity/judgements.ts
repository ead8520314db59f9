import { compareIds } from '../ties/compareIds.js';

/**
 * One query's subtopic judgements as ndeval reads them: a judgement above 1 counts as 1 (binary),
 * and a subtopic no document is relevant to is left out (it adds nothing to any measure).
 */
export interface QueryJudgements {
  /** the subtopics some document is relevant to, A of them (ndeval's "actual subtopics") */
  readonly subtopics: number;
  /** per judged document, its row: rows[row] .. rows[row + 1] - 1 index its subtopics in rowSubtopics */
  readonly rowOf: ReadonlyMap<string, number>;
  /** rows + 1 offsets into rowSubtopics */
  readonly rows: Uint32Array;
  /** each judged document's subtopics (0..A-1, ascending: the given subtopics' order) it is relevant to; none when judged not relevant to any */
  readonly rowSubtopics: Int32Array;
  /** per judged document, its largest judgement over its subtopics (what the other measures take as its label) */
  readonly largest: ReadonlyMap<string, number>;
  /** the rows of the relevant documents in ndeval's ideal-ranking order of consideration: document id ascending (ties in the greedy ideal go to the larger id) */
  readonly idealRows: Int32Array;
}

/** Subtopic judgements by query. */
export type DiversityQrels = ReadonlyMap<string, QueryJudgements>;

/** Orders subtopic names: numerically when both are integers (as ndeval numbers them), else by their bytes. */
function compareSubtopics(a: string, b: string): number {
  const x = /^[0-9]+$/.test(a) ? Number(a) : NaN;
  const y = /^[0-9]+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y || compareIds(a, b);
  if (!Number.isNaN(x) !== !Number.isNaN(y)) return Number.isNaN(x) ? 1 : -1;
  return compareIds(a, b);
}

/**
 * Collects judgements `(query, subtopic, document, judgment)` one at a time, then builds each
 * query's QueryJudgements. A document judged twice for one subtopic is an error (ndeval would
 * count it twice in MAP-IA's denominator): `add` returns the earlier line's tag to name it.
 */
export class JudgementsBuilder {
  private readonly queries = new Map<string, Map<string, Map<string, { judgment: number; tag: number }>>>();

  /**
   * Adds one judgement (an integer: the caller checks); `tag` (a line number, or a position) names it in an error.
   * @returns the tag of an earlier judgement of the same document and subtopic, else -1
   */
  add(query: string, subtopic: string, doc: string, judgment: number, tag: number): number {
    let docs = this.queries.get(query);
    if (docs === undefined) this.queries.set(query, (docs = new Map()));
    let bySubtopic = docs.get(doc);
    if (bySubtopic === undefined) docs.set(doc, (bySubtopic = new Map()));
    const earlier = bySubtopic.get(subtopic);
    if (earlier !== undefined) return earlier.tag;
    bySubtopic.set(subtopic, { judgment, tag });
    return -1;
  }

  /** The judgements by query, in order of first appearance. */
  build(): Map<string, QueryJudgements> {
    const out = new Map<string, QueryJudgements>();
    for (const [query, docs] of this.queries) {
      // the subtopics some document is relevant to, in their given order
      const names = new Set<string>();
      for (const bySubtopic of docs.values()) for (const [name, { judgment }] of bySubtopic) if (judgment > 0) names.add(name);
      const ordered = [...names].sort(compareSubtopics);
      const index = new Map(ordered.map((name, i) => [name, i]));
      const rowOf = new Map<string, number>();
      const rows = new Uint32Array(docs.size + 1);
      const listed: number[] = [];
      const largest = new Map<string, number>();
      for (const [doc, bySubtopic] of docs) {
        const subs: number[] = [];
        let most = -Infinity;
        for (const [name, { judgment }] of bySubtopic) {
          most = Math.max(most, judgment);
          if (judgment > 0) subs.push(index.get(name)!);
        }
        largest.set(doc, most);
        rowOf.set(doc, rowOf.size);
        listed.push(...subs.sort((a, b) => a - b));
        rows[rowOf.size] = listed.length;
      }
      const relevantDocs = [...rowOf.entries()].filter(([, row]) => rows[row + 1]! > rows[row]!).sort(([a], [b]) => compareIds(a, b));
      out.set(query, { subtopics: ordered.length, rowOf, rows, rowSubtopics: Int32Array.from(listed), largest, idealRows: Int32Array.from(relevantDocs, ([, row]) => row) });
    }
    return out;
  }
}
