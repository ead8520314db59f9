import type { LabelArray } from '../core/labels.js';
import { COUNTED_LEVELS, type Scratch } from './scratch.js';

/**
 * The first position of the ranking whose judged label (>= 0) the ideal labels lack, repeats
 * counted (a multiset inclusion: the ideal ranking must be one of the judgements, or nDCG could
 * exceed 1), or -1 when they hold every one. Labels are integers (checked before).
 * Labels of an integer type whose judged ideal labels are all below COUNTED_LEVELS (the usual
 * grades) are counted by value, without the span pass (WebAssembly converts doubles to indexes
 * slowly). Other ideal labels spanning few values (of a double type, or with a grade of COUNTED_LEVELS or more) are counted per value in
 * `s.levelCounts`: O(n + m). Others are sorted descending into `s.ideal` (room for m), and
 * each ranking label takes the first copy of its value left,
 * found by binary search and marked taken as value + 0.5, which keeps the list descending:
 * O((n + m) log m). The marks are undone before returning.
 */
export function missingFromIdeal(labels: LabelArray, start: number, n: number, ideal: LabelArray, idealStart: number, m: number, s: Scratch): number {
  // integer labels of 0 .. COUNTED_LEVELS - 1 (the usual grades): counted by value in one pass
  if (!(ideal instanceof Float64Array) && !(labels instanceof Float64Array)) {
    const counts = s.levelCounts;
    counts.fill(0, 0, COUNTED_LEVELS);
    let small = true;
    for (let i = 0; i < m; i++) {
      const v = ideal[idealStart + i]!;
      if (v >= 0 && v < COUNTED_LEVELS) counts[v]++;
      else if (v >= 0) small = false;
    }
    if (small) {
      for (let i = 0; i < n; i++) {
        const v = labels[start + i]!;
        if (v < 0) continue;
        if (v >= COUNTED_LEVELS) return i;
        const left = counts[v]! - 1;
        if (left < 0) return i;
        counts[v] = left;
      }
      return -1;
    }
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < m; i++) {
    const v = ideal[idealStart + i]!;
    if (v < 0) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  // no judged ideal label: the first judged label of the ranking is lacking
  if (lo > hi) {
    for (let i = 0; i < n; i++) if (labels[start + i]! >= 0) return i;
    return -1;
  }
  if (hi - lo < COUNTED_LEVELS) {
    const counts = s.levelCounts;
    for (let v = 0; v <= hi - lo; v++) counts[v] = 0;
    for (let i = 0; i < m; i++) {
      const v = ideal[idealStart + i]!;
      if (v >= 0) counts[v - lo]++;
    }
    for (let i = 0; i < n; i++) {
      const v = labels[start + i]!;
      if (v < 0) continue;
      if (v < lo || v > hi || --counts[v - lo]! < 0) return i;
    }
    return -1;
  }
  const top = s.ideal;
  for (let i = 0; i < m; i++) top[i] = ideal[idealStart + i]!;
  top.subarray(0, m).sort().reverse();
  let judged = 0;
  while (judged < m && top[judged]! >= 0) judged++;
  let missing = -1;
  for (let i = 0; i < n && missing < 0; i++) {
    const v = labels[start + i]!;
    if (v < 0) continue;
    // the first place in top[0..judged) holding at most v
    let a = 0;
    let b = judged;
    while (a < b) {
      const mid = (a + b) >>> 1;
      if (top[mid]! > v) a = mid + 1;
      else b = mid;
    }
    if (a === judged || top[a] !== v) missing = i;
    else top[a] = v + 0.5;
  }
  for (let i = 0; i < judged; i++) top[i] = Math.floor(top[i]!);
  return missing;
}
