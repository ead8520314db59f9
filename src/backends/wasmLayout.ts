/** Rounds a byte count up to a multiple of 8 (every array starts 8-byte aligned). */
export const align8 = (bytes: number): number => Math.ceil(bytes / 8) * 8;

/** The byte sizes a batch's arrays take in linear memory (see layoutBatch). */
export interface BatchSizes {
  /** the module's first free byte (heapBase()) */
  readonly heapBase: number;
  /** scratchBytes() for the batch's largest query, per thread */
  readonly scratchBytes: number;
  /** threads: one scratch and one status block each */
  readonly parts: number;
  readonly planBytes: number;
  readonly offsetsBytes: number;
  readonly labelsBytes: number;
  readonly constantsBytes: number;
  /** whether the ideal labels are the ranking's own labels (read in place, no copy) */
  readonly sameIdeal: boolean;
  readonly idealBytes: number;
  readonly idealOffsetsBytes: number;
  /** 0 without caller-given R */
  readonly relevantBytes: number;
}

/** Where a batch's arrays sit (byte offsets into linear memory). */
export interface BatchLayout {
  /** the first scratch; thread t's is at base + t * scratchBytes */
  readonly base: number;
  readonly scratchBytes: number;
  readonly plan: number;
  /** thread t's status words at status + 16 t */
  readonly status: number;
  readonly offsets: number;
  readonly labels: number;
  readonly constants: number;
  /** the end of what a batch keeps while it owns the memory */
  readonly residentEnd: number;
  readonly ideal: number;
  readonly idealOffsets: number;
  readonly relevant: number;
  /** the end of step 0's own arrays */
  readonly stepZeroEnd: number;
}

/**
 * A batch's place in linear memory. Resident (kept while the batch owns the memory, copied back
 * in when it claims it again): scratch per thread | plan | status per thread | offsets | labels |
 * constants. Past them, step 0's own arrays: ideal labels and their offsets (unless they are the
 * labels themselves, which step 0 then reads in place), and R.
 */
export function layoutBatch(s: BatchSizes): BatchLayout {
  const base = align8(s.heapBase);
  const scratchBytes = align8(s.scratchBytes);
  const plan = base + s.parts * scratchBytes;
  const status = plan + align8(s.planBytes);
  const offsets = status + s.parts * 16;
  const labels = offsets + align8(s.offsetsBytes);
  const constants = labels + align8(s.labelsBytes);
  const residentEnd = constants + align8(s.constantsBytes);
  const ideal = s.sameIdeal ? labels : residentEnd;
  const idealOffsets = s.sameIdeal ? offsets : ideal + align8(s.idealBytes);
  const relevant = s.sameIdeal ? residentEnd : idealOffsets + align8(s.idealOffsetsBytes);
  const stepZeroEnd = relevant + align8(s.relevantBytes);
  return { base, scratchBytes, plan, status, offsets, labels, constants, residentEnd, ideal, idealOffsets, relevant, stepZeroEnd };
}

/** Where one score vector, its tie keys (0: none) and the values go, from byte `from` on. */
export interface ScoresLayout {
  readonly scores: number;
  readonly tieKeys: number;
  readonly out: number;
  readonly end: number;
}

/** Scores | tie keys | values, from `from` (past the resident arrays, and past step 0's when it runs in the same job). */
export function layoutScores(from: number, scoresBytes: number, tieKeysBytes: number, outBytes: number): ScoresLayout {
  const tieKeys = from + align8(scoresBytes);
  const out = tieKeys + align8(tieKeysBytes);
  return { scores: from, tieKeys: tieKeysBytes === 0 ? 0 : tieKeys, out, end: out + outBytes };
}
