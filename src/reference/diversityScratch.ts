/**
 * Working memory of the diversity kernels (diversityQueries), grown on demand and reused across
 * queries. Sizes: A, the largest number of subtopics of a query; L, the longest ranking (a run's
 * or an ideal's); I, the
 * most ideal candidates; P, the most (document, subtopic) pairs of one ranking; G sum groups of
 * `depth` ranks (see DiversityBatch).
 */
export class DiversityScratch {
  /** the batch's rows' offsets into `subtopics`, and the subtopics (set by diversityQueries) */
  rows: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  subtopics: Int32Array<ArrayBufferLike> = new Int32Array(0);
  /** the current query's subtopics (A) */
  subtopicCount = 0;
  /** per subtopic: (1 - alpha)^(documents above relevant to it) (A) */
  gain = new Float64Array(0);
  /** per subtopic: its documents in the current group (A) */
  inGroup = new Int32Array(0);
  /** the current group's subtopics, in the order met, and how many (A) */
  present = new Int32Array(0);
  presentCount = 0;
  /** per subtopic of `present`, the law it uses (A) */
  lawOf = new Int32Array(0);
  /** per law: its count m, its last x (top), where it starts in `laws`, and its E[q^X] at the current slot (A each) */
  lawM = new Int32Array(0);
  lawTop = new Int32Array(0);
  lawStart = new Int32Array(0);
  expect = new Float64Array(0);
  lawCount = 0;
  /** per count m of the current group, its law, -1 for none (L + 1) */
  lawOfCount = new Int32Array(0);
  /** the laws, top + 1 chances each (P + A) */
  laws = new Float64Array(0);
  /** q^x for x up to the tail's (L + 1) */
  powers = new Float64Array(0);
  /** strec's covered subtopics, MAP-IA's sums and counts above, each subtopic's relevant documents (A) */
  covered = new Int32Array(0);
  totals = new Float64Array(0);
  above = new Float64Array(0);
  relevant = new Float64Array(0);
  /** the ideal ranking's rows in order; per candidate, its list of subtopics; per list, a row of it, where its candidates start in `members`, how many are left; the candidates by list, in id order (I each) */
  idealRows = new Int32Array(0);
  setOf = new Int32Array(0);
  setRow = new Int32Array(0);
  setStart = new Int32Array(0);
  setLeft = new Int32Array(0);
  members = new Int32Array(0);
  /** per sum group, six runs of `depth`: the run's alpha-DCG and ERR sums, the ideal's, the ideal ideal's */
  sums = new Float64Array(0);
  /** per sum group: the run's NRBP sum, the ideal's */
  nrbp = new Float64Array(0);

  /** Makes room for a batch of these sizes. */
  reserve(A: number, L: number, I: number, P: number, groups: number, depth: number): void {
    if (this.gain.length < A) {
      for (const name of ['gain', 'expect', 'totals', 'above', 'relevant'] as const) this[name] = new Float64Array(A);
      for (const name of ['inGroup', 'present', 'lawOf', 'lawM', 'lawTop', 'lawStart', 'covered'] as const) this[name] = new Int32Array(A);
    }
    if (this.lawOfCount.length < L + 1) {
      this.lawOfCount = new Int32Array(L + 1).fill(-1);
      this.powers = new Float64Array(L + 1);
    }
    if (this.laws.length < P + A) this.laws = new Float64Array(P + A);
    if (this.idealRows.length < I) for (const name of ['idealRows', 'setOf', 'setRow', 'setStart', 'setLeft', 'members'] as const) this[name] = new Int32Array(I);
    if (this.sums.length < groups * 6 * depth) this.sums = new Float64Array(groups * 6 * depth);
    if (this.nrbp.length < 2 * groups) this.nrbp = new Float64Array(2 * groups);
  }
}
