import { labelGain } from './gradeGains';
import { getF64, getI32, getLabel, setF64, setI32 } from './memory';
import { planGains, planLevels, threshold } from './plan';
import * as S from './scratch';

/**
 * Steps 1 and 2 at once for a small query in average mode, where only each group's counts
 * matter: the group of document i starts at the number of documents scoring higher, so its
 * counts are summed in the row of that start position, and the rows are then packed, in start
 * order, into the group table; no ordering and no branch on the data.
 * As buildGroups, groups starting at or past `depth` are left out (the first one never is).
 * Inside a group the documents are summed in position order, the order rankPositions gives
 * them, so the sums equal orderQuery's and buildGroups' to the bit.
 */
export function countGroups<L>(scores: usize, labels: usize, start: i32, n: i32, depth: i32): void {
  const levels = planLevels();
  const gains = planGains();
  S.n = n;
  S.levels = levels;
  S.gains = gains;
  // the size of the group starting at each position, in S.order (no order is needed)
  const size = S.order;
  const rows = min(n, max(depth, 1));
  // the rows, and the one past them when it exists (above < n always)
  const kept = min(n, rows + 1);
  for (let p = 0; p < kept; p++) setI32(size, p, 0);
  for (let p = 0; p < kept; p++) setF64(S.groupJudged, p, 0);
  for (let p = 0; p < kept * levels; p++) setF64(S.groupRel, p, 0);
  for (let p = 0; p < kept * gains; p++) setF64(S.groupGain, p, 0);
  // the documents scoring higher than each one, where its group starts: eight documents at a
  // time, compared two to a SIMD lane pair with each score, their counts in registers (an
  // all-ones compare mask is -1, so subtracting it counts), then two at a time and the last one
  // alone; the C++ kernel counts so on AVX2 (countHigherAvx2): WASM engines do not vectorize
  const x = scores + (<usize>start << 3);
  const end = x + (<usize>n << 3);
  const higher = S.select;
  let i = 0;
  for (; i + 8 <= n; i += 8) {
    const at = x + (<usize>i << 3);
    const s0 = v128.load(at);
    const s1 = v128.load(at, 16);
    const s2 = v128.load(at, 32);
    const s3 = v128.load(at, 48);
    let a0 = i64x2.splat(0);
    let a1 = i64x2.splat(0);
    let a2 = i64x2.splat(0);
    let a3 = i64x2.splat(0);
    for (let p = x; p < end; p += 8) {
      const xj = v128.load64_splat(p);
      a0 = i64x2.sub(a0, f64x2.gt(xj, s0));
      a1 = i64x2.sub(a1, f64x2.gt(xj, s1));
      a2 = i64x2.sub(a2, f64x2.gt(xj, s2));
      a3 = i64x2.sub(a3, f64x2.gt(xj, s3));
    }
    setI32(higher, i, <i32>i64x2.extract_lane(a0, 0));
    setI32(higher, i + 1, <i32>i64x2.extract_lane(a0, 1));
    setI32(higher, i + 2, <i32>i64x2.extract_lane(a1, 0));
    setI32(higher, i + 3, <i32>i64x2.extract_lane(a1, 1));
    setI32(higher, i + 4, <i32>i64x2.extract_lane(a2, 0));
    setI32(higher, i + 5, <i32>i64x2.extract_lane(a2, 1));
    setI32(higher, i + 6, <i32>i64x2.extract_lane(a3, 0));
    setI32(higher, i + 7, <i32>i64x2.extract_lane(a3, 1));
  }
  for (; i + 2 <= n; i += 2) {
    const s0 = v128.load(x + (<usize>i << 3));
    let a0 = i64x2.splat(0);
    for (let p = x; p < end; p += 8) a0 = i64x2.sub(a0, f64x2.gt(v128.load64_splat(p), s0));
    setI32(higher, i, <i32>i64x2.extract_lane(a0, 0));
    setI32(higher, i + 1, <i32>i64x2.extract_lane(a0, 1));
  }
  for (; i < n; i++) {
    const si = getF64(x, i);
    let a = 0;
    for (let p = x; p < end; p += 8) a += <i32>(load<f64>(p) > si);
    setI32(higher, i, a);
  }
  const t0: f64 = levels > 0 ? threshold(0) : 0;
  for (let i = 0; i < n; i++) {
    // one past the last row for a group starting at or past it, which the packing never reads
    // (a clamp, not a branch on the data)
    const above = min(getI32(higher, i), rows);
    setI32(size, above, getI32(size, above) + 1);
    const label = getLabel<L>(labels, start + i);
    setF64(S.groupJudged, above, getF64(S.groupJudged, above) + (label >= 0 ? 1 : 0));
    // one relevance level (the usual case): no loop, its threshold in a register
    if (levels == 1) setF64(S.groupRel, above, getF64(S.groupRel, above) + (label >= t0 ? 1 : 0));
    else for (let t = 0; t < levels; t++) setF64(S.groupRel, above * levels + t, getF64(S.groupRel, above * levels + t) + (label >= threshold(t) ? 1 : 0));
    for (let c = 0; c < gains; c++) setF64(S.groupGain, above * gains + c, getF64(S.groupGain, above * gains + c) + labelGain(label, c));
  }
  // pack the rows: the group starting at position p ends at p + size[p], where the next one starts
  let g = 0;
  for (let p = 0; p < rows; p += getI32(size, p), g++) {
    setI32(S.groupEnd, g, p + getI32(size, p));
    setF64(S.groupJudged, g, getF64(S.groupJudged, p));
    for (let t = 0; t < levels; t++) setF64(S.groupRel, g * levels + t, getF64(S.groupRel, p * levels + t));
    for (let c = 0; c < gains; c++) setF64(S.groupGain, g * gains + c, getF64(S.groupGain, p * gains + c));
  }
  S.groupCount = g;
}
