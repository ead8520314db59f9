import { InputError, InputTypeError } from '../core/errors.js';
import { checkOffsets } from '../core/offsets.js';
import { DiversityCode } from '../measures/diversityNames.js';
import type { DiversityBatch } from './backend.js';

/** Offsets cutting `length` values into `count` parts (see checkOffsets): count + 1 of them. */
function checkParts(offsets: unknown, count: number, length: number, what: string): asserts offsets is Uint32Array {
  checkOffsets(offsets, length, what);
  if (offsets.length !== count + 1) throw new InputError(`${what} must hold ${count + 1} offsets, not ${offsets.length}`);
}

const isInt = (x: number, lo: number, hi: number): boolean => Number.isInteger(x) && x >= lo && x <= hi;

/** The most sum groups x depth a batch may ask (2^27: the sums' scratch, 6 doubles each, stays below 8 GiB). */
const MOST_SUMS = 2 ** 27;

/**
 * Checks a DiversityBatch and its `out` before a kernel reads them (the js and wasm backends; the
 * addon checks the same in C++): the arrays' types and offsets; every row a query reads (a ranking
 * position's, -1 allowed, or an ideal candidate's) in range, its subtopics ascending and below the
 * query's A (at most the subtopics listed), and ranked once in the query; tie groups' ends rising
 * to the ranking's length; each sum group's alpha and beta in [0, 1], its depth at most the
 * discounts', each group serving a measure, groups x depth below 2^27; each measure's code,
 * cut-off and group.
 * @throws InputTypeError, InputError
 */
export function checkDiversity(b: DiversityBatch, out: Float64Array): void {
  if (!(b.subtopicCounts instanceof Int32Array)) throw new InputTypeError('subtopicCounts must be an Int32Array');
  for (const [name, type] of [['subtopics', Int32Array], ['ranking', Int32Array], ['groupEnds', Int32Array], ['ideal', Int32Array], ['sumGroups', Float64Array], ['measures', Float64Array], ['discounts', Float64Array]] as const) {
    if (!(b[name] instanceof type)) throw new InputTypeError(`${name} must be a ${type.name}`);
  }
  const queries = b.subtopicCounts.length;
  checkOffsets(b.rows, b.subtopics.length, 'rows');
  const rowCount = b.rows.length - 1;
  checkParts(b.rankingOffsets, queries, b.ranking.length, 'rankingOffsets');
  checkParts(b.groupOffsets, queries, b.groupEnds.length, 'groupOffsets');
  checkParts(b.idealOffsets, queries, b.ideal.length, 'idealOffsets');
  if (!isInt(b.maxRank, 0, 0x7fffffff)) throw new InputError(`maxRank must be an integer >= 0, not ${b.maxRank}`);
  const groups = b.sumGroups.length / 4;
  if (!Number.isInteger(groups)) throw new InputError('sumGroups must hold 4 numbers per group');
  for (let g = 0; g < groups; g++) {
    const [alpha, beta, depth, nrbp] = b.sumGroups.subarray(4 * g, 4 * g + 4);
    if (!(alpha! >= 0 && alpha! <= 1 && beta! >= 0 && beta! <= 1 && isInt(depth!, 1, b.discounts.length) && (nrbp === 0 || nrbp === 1))) throw new InputError(`sum group ${g} is not valid (alpha and beta in [0, 1], depth 1 to ${b.discounts.length}, NRBP 0 or 1)`);
  }
  const measures = b.measures.length / 3;
  if (!Number.isInteger(measures)) throw new InputError('measures must hold 3 numbers per measure');
  // the sums' scratch is groups x 6 x depth doubles: each group serves a measure, and their product stays below 2^27
  const depth = Math.max(0, ...Array.from({ length: groups }, (_, g) => b.sumGroups[4 * g + 2]!));
  if (groups > measures || groups * depth > MOST_SUMS) throw new InputError(`${groups} sum groups of depth ${depth} are more than the measures (${measures}) or ${MOST_SUMS} ranks in all`);
  for (let m = 0; m < measures; m++) {
    const [code, cutoff, g] = b.measures.subarray(3 * m, 3 * m + 3);
    const plain = code === DiversityCode.MAP_IA || code === DiversityCode.P_IA || code === DiversityCode.STREC;
    const hasCutoff = code !== DiversityCode.MAP_IA && code !== DiversityCode.NRBP && code !== DiversityCode.NNRBP;
    const ok = isInt(code!, 0, DiversityCode.STREC) && (hasCutoff ? isInt(cutoff!, 1, 0x7fffffff) : cutoff === 0) && (plain ? g === 0 : isInt(g!, 0, groups - 1) && (!hasCutoff || cutoff! <= b.sumGroups[4 * g! + 2]!) && (hasCutoff || b.sumGroups[4 * g! + 3] === 1));
    if (!ok) throw new InputError(`measure ${m} is not valid (its code, cut-off or sum group)`);
  }
  if (!(out instanceof Float64Array) || out.length !== measures * queries) throw new InputTypeError(`out must be a Float64Array of ${measures * queries} values (measures x queries)`);
  const rowOk = (row: number, A: number): boolean => {
    if (!isInt(row, 0, rowCount - 1)) return false;
    for (let k = b.rows[row]!; k < b.rows[row + 1]!; k++) if (!(b.subtopics[k]! >= 0 && b.subtopics[k]! < A && (k === b.rows[row] || b.subtopics[k]! > b.subtopics[k - 1]!))) return false;
    return true;
  };
  // which query last ranked each row: a document is ranked once (the scratch holds one ranking's pairs)
  const rankedIn = new Int32Array(rowCount).fill(-1);
  for (let q = 0; q < queries; q++) {
    const A = b.subtopicCounts[q]!;
    // each of a query's A subtopics has a relevant document: A is at most the subtopics listed (and so is the scratch)
    if (A < 0 || A > b.subtopics.length) throw new InputError(`query ${q}: subtopicCounts is negative or more than the ${b.subtopics.length} subtopics listed`);
    const first = b.rankingOffsets[q]!;
    const length = b.rankingOffsets[q + 1]! - first;
    for (let i = first; i < first + length; i++) {
      const row = b.ranking[i]!;
      if (row === -1) continue;
      if (!rowOk(row, A)) throw new InputError(`query ${q}, position ${i - first}: row ${row} is out of range or its subtopics are not ascending below ${A}`);
      if (rankedIn[row] === q) throw new InputError(`query ${q}, position ${i - first}: row ${row} is ranked twice`);
      rankedIn[row] = q;
    }
    for (let i = b.idealOffsets[q]!; i < b.idealOffsets[q + 1]!; i++) if (!rowOk(b.ideal[i]!, A)) throw new InputError(`query ${q}: ideal row ${b.ideal[i]} is out of range or its subtopics are not ascending below ${A}`);
    let end = 0;
    for (let g = b.groupOffsets[q]!; g < b.groupOffsets[q + 1]!; g++) {
      if (!(b.groupEnds[g]! > end && b.groupEnds[g]! <= length)) throw new InputError(`query ${q}: its tie groups' ends must rise to ${length}`);
      end = b.groupEnds[g]!;
    }
    if (end !== length) throw new InputError(`query ${q}: its tie groups' ends must rise to ${length}`);
  }
}
