// The batch diversityQueries evaluates, as the reference's DiversityBatch: where its arrays sit in
// linear memory (set by diversityQueries), and its counts.

/** Q + 1 offsets into `ranking` (u32), and each query's ranking: a row per position, -1 for a document not judged (i32) */
export let rankingOffsets: usize = 0;
export let ranking: usize = 0;
/** A per query (i32) */
export let subtopicCounts: usize = 0;
/** Q + 1 offsets into `groupEnds` (u32), and each query's tie groups' ends (i32) */
export let groupOffsets: usize = 0;
export let groupEnds: usize = 0;
/** Q + 1 offsets into `ideal` (u32), and each query's ideal candidates' rows (i32) */
export let idealOffsets: usize = 0;
export let ideal: usize = 0;
/** no position from this one on counts (0: none) */
export let maxRank: i32 = 0;
/** per sum group: alpha, beta, depth, with NRBP (f64), and how many */
export let sumGroups: usize = 0;
export let groupCount: i32 = 0;
/** per measure: code, cut-off, sum group (f64), and how many */
export let measures: usize = 0;
export let measureCount: i32 = 0;
/** ln 2 / ln(i + 2) per rank i (f64) */
export let discounts: usize = 0;
