import { forgetFreeOrders } from './freeOrders';
import { setI32 } from './memory';

// Working memory of the diversity kernels, as the reference's DiversityScratch: regions of linear
// memory placed by layoutDiversity (the glue reserves diversityScratchBytes of them) and reused
// across queries. Sizes: A, L, I, P, sum groups and depth as there.

/** the batch's rows' offsets into `subtopics` (u32), and the subtopics (i32) (set by diversityQueries) */
export let rows: usize = 0;
export let subtopics: usize = 0;
/** the current query's subtopics (A) */
export let subtopicCount: i32 = 0;
/** per subtopic: (1 - alpha)^(documents above relevant to it) (f64, A) */
export let gain: usize = 0;
/** per subtopic: its documents in the current group (i32, A) */
export let inGroup: usize = 0;
/** the current group's subtopics, in the order met, and how many (i32, A) */
export let present: usize = 0;
export let presentCount: i32 = 0;
/** per subtopic of `present`, the law it uses (i32, A) */
export let lawOf: usize = 0;
/** per law: its count m, its last x (top), where it starts in `laws` (i32, A each), and its E[q^X] at the current slot (f64, A) */
export let lawM: usize = 0;
export let lawTop: usize = 0;
export let lawStart: usize = 0;
export let expect: usize = 0;
export let lawCount: i32 = 0;
/** per count m of the current group, its law, -1 for none (i32, L + 1) */
export let lawOfCount: usize = 0;
/** the laws, top + 1 chances each (f64, P + A) */
export let laws: usize = 0;
/** q^x for x up to the tail's (f64, L + 1) */
export let powers: usize = 0;
/** strec's covered subtopics (i32), MAP-IA's sums and counts above, each subtopic's relevant documents (f64) (A) */
export let covered: usize = 0;
export let totals: usize = 0;
export let above: usize = 0;
export let relevant: usize = 0;
/** the ideal ranking's rows in order; per candidate, its list of subtopics; per list, a row of it, where its candidates start in `members`, how many are left; the candidates by list, in id order (i32, I each) */
export let idealRows: usize = 0;
export let setOf: usize = 0;
export let setRow: usize = 0;
export let setStart: usize = 0;
export let setLeft: usize = 0;
export let members: usize = 0;
/** per sum group, six runs of `depth`: the run's alpha-DCG and ERR sums, the ideal's, the ideal ideal's (f64) */
export let sums: usize = 0;
/** per sum group: the run's NRBP sum, the ideal's (f64) */
export let nrbp: usize = 0;

/** Bytes of scratch for a batch of these sizes (see DiversityScratch in the reference). */
export function diversityScratchBytes(A: i32, L: i32, I: i32, P: i32, groups: i32, depth: i32): usize {
  const doubles = <usize>A * 5 + (<usize>P + <usize>A) + (<usize>L + 1) + <usize>groups * 6 * <usize>depth + <usize>groups * 2;
  const ints = <usize>A * 7 + (<usize>L + 1) + <usize>I * 6;
  return doubles * 8 + ints * 4 + 8;
}

/**
 * Places the scratch regions from `base` (8-byte aligned): no subtopic counted in a group, no
 * count with a law. They lie where the other kernels' scratch and its free-orders table were:
 * the next layoutScratch fills that table again.
 */
export function layoutDiversity(base: usize, A: i32, L: i32, I: i32, P: i32, groups: i32, depth: i32): void {
  forgetFreeOrders();
  const a = <usize>A;
  gain = base;
  expect = gain + a * 8;
  totals = expect + a * 8;
  above = totals + a * 8;
  relevant = above + a * 8;
  laws = relevant + a * 8;
  powers = laws + (<usize>P + a) * 8;
  sums = powers + (<usize>L + 1) * 8;
  nrbp = sums + <usize>groups * 6 * <usize>depth * 8;
  inGroup = nrbp + <usize>groups * 2 * 8;
  present = inGroup + a * 4;
  lawOf = present + a * 4;
  lawM = lawOf + a * 4;
  lawTop = lawM + a * 4;
  lawStart = lawTop + a * 4;
  covered = lawStart + a * 4;
  lawOfCount = covered + a * 4;
  idealRows = lawOfCount + (<usize>L + 1) * 4;
  setOf = idealRows + <usize>I * 4;
  setRow = setOf + <usize>I * 4;
  setStart = setRow + <usize>I * 4;
  setLeft = setStart + <usize>I * 4;
  members = setLeft + <usize>I * 4;
  memory.fill(inGroup, 0, a * 4);
  for (let m = 0; m <= L; m++) setI32(lawOfCount, m, -1);
}
