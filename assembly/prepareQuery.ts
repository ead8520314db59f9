import { CONSTANT_IDEAL_LEVELS, CONSTANT_MAX_LABEL, CONSTANT_NONE, GAIN_TABLE, IDEAL_LEVELS_MAX, KIND_CONSTANT, ROW_CONSTANT, ROW_CUTOFF, ROW_GAIN, ROW_KIND, STATUS_IDEAL_LABEL_NOT_INTEGER, STATUS_IDEAL_LACKS_LABEL, STATUS_LABEL_NOT_INTEGER, STATUS_OK, STATUS_RELEVANT_NOT_COUNT, STATUS_RELEVANT_TOO_SMALL, STATUS_TOO_MANY_GAIN_LEVELS } from './codes';
import { gainOf } from './gain';
import { getF64, getI32, getLabel, setF64 } from './memory';
import { gainType, judgedSlot, planLevels, planMeasures, rowField, rowInt, threshold } from './plan';
import * as S from './scratch';
import { gradeCounts, gradesAtLeast } from './gradeCounts';
import { COUNTED_LEVELS, countedDescending, largestDescending } from './largestDescending';
import { missingFromGrades, missingFromIdeal } from './missingFromIdeal';

@inline function isInteger(x: f64): bool {
  return isFinite(x) && Math.trunc(x) == x;
}

/**
 * How many of labels[start..start+n) are at least `level`: one level per pass, the count an
 * integer in a register (a count kept in memory waits on its own last store at every label, a
 * double count on its last addition).
 * Labels of an integer type are compared with ceil(level) in their own type: no conversion per
 * label, and in C++ a compare the compiler vectorizes (a full ranking has thousands of labels);
 * no label reaches a level past the type's range.
 */
function countAtLeast<L>(labels: usize, start: i32, n: i32, level: f64): i32 {
  let count = 0;
  if (!isFloat<L>()) {
    const cut = Math.ceil(level);
    if (cut > largest<L>()) return 0;
    // u8 and i32 labels load as i32
    const least = <i32>max(cut, smallest<L>());
    for (let i = 0; i < n; i++) count += <i32>(<i32>load<L>(labels + (<usize>(start + i) << alignof<L>())) >= least);
  } else {
    for (let i = 0; i < n; i++) count += <i32>(getLabel<L>(labels, start + i) >= level);
  }
  return count;
}

/** Whether label types A and B (each u8, i32 or f64) are the same; folded at compile time. */
@inline function sameLabelType<A, B>(): bool {
  return sizeof<A>() == sizeof<B>() && isFloat<A>() == isFloat<B>();
}

/** The ideal labels an ideal DCG with this cut-off reads (0: no cut-off, all m of them). */
@inline function idealDepth(cutoff: f64, m: i32): i32 {
  return cutoff > 0 ? <i32>min(cutoff, <f64>m) : m;
}

/**
 * The positive gains of the ideal labels (sorted descending) in gain column `col`, as levels:
 * writes gain, count pairs to `levels`, gain descending, equal gains merged, and returns how
 * many; -1 when there are more than IDEAL_LEVELS_MAX.
 */
function idealLevels(top: usize, m: i32, col: i32, levels: usize): i32 {
  let count = 0;
  for (let i = 0; i < m; ) {
    const label = getF64(top, i);
    let run: f64 = 0;
    for (; i < m && getF64(top, i) == label; i++) run++;
    const gain = gainOf(label, col);
    if (!(gain > 0)) continue;
    // insert by gain descending (few levels), or add to an equal one
    let at = 0;
    while (at < count && getF64(levels, 2 * at) > gain) at++;
    if (at < count && getF64(levels, 2 * at) == gain) {
      setF64(levels, 2 * at + 1, getF64(levels, 2 * at + 1) + run);
      continue;
    }
    if (count == IDEAL_LEVELS_MAX) return -1;
    for (let j = count; j > at; j--) {
      setF64(levels, 2 * j, getF64(levels, 2 * j - 2));
      setF64(levels, 2 * j + 1, getF64(levels, 2 * j - 1));
    }
    setF64(levels, 2 * at, gain);
    setF64(levels, 2 * at + 1, run);
    count++;
  }
  return count;
}

/** The DCG of gain levels (gain, count pairs, descending) down to rank `cutoff` (0: all of them). */
function levelsDcg(levels: usize, count: i32, cutoff: f64): f64 {
  let sum: f64 = 0;
  let j = 0;
  for (let l = 0; l < count; l++) {
    for (let c: f64 = 0; c < getF64(levels, 2 * l + 1); c++) {
      if (cutoff > 0 && <f64>j >= cutoff) return sum;
      j++;
      sum += getF64(levels, 2 * l) * getF64(S.discount, j);
    }
  }
  return sum;
}

/** How many of the ideal labels, largest first, a measure's constant reads: the largest one, all of them (gain levels), or its cut-off's. */
function constantDepth(constant: i32, row: i32, m: i32): i32 {
  if (constant == CONSTANT_MAX_LABEL) return min(1, m);
  if (constant == CONSTANT_IDEAL_LEVELS || gainType(rowInt(row, ROW_GAIN)) == GAIN_TABLE) return m;
  return idealDepth(rowField(row, ROW_CUTOFF), m);
}

/** The CONSTANT_ code of measure row `row`'s own constants (CONSTANT_NONE without a slot). */
@inline function constantOf(row: i32): i32 {
  return rowInt(row, ROW_CONSTANT) < 0 ? CONSTANT_NONE : unchecked(KIND_CONSTANT[rowInt(row, ROW_KIND)]);
}

/** The largest value of the integer type L (u8 or i32), as f64; integer shifts, folded at compile time. */
@inline function largest<L>(): f64 {
  return <f64>((<i64>1 << <i64>(sizeof<L>() * 8 - (isSigned<L>() ? 1 : 0))) - 1);
}

/** The smallest value of the integer type L (u8 or i32), as f64. */
@inline function smallest<L>(): f64 {
  return isSigned<L>() ? -<f64>(<i64>1 << <i64>(sizeof<L>() * 8 - 1)) : 0;
}

/**
 * Step 0, the judgements (nothing here depends on scores): checks the query's labels and
 * writes its constants at `constants[at..]`: R at each relevance level, the judged count J,
 * and each measure's own (see the CONSTANT_ codes): the ideal DCG of an nDCG (ideal labels
 * sorted by gain descending; without a cut-off all of them count, as in trec_eval's ndcg), the
 * largest judged label for graded RBP, the ideal gain levels for G, ndcg_rel and Rndcg.
 * `relevant` (R given by the caller, NaN when not) replaces the counted R; it must be a
 * count no smaller than the relevant documents of the ranking or of the ideal labels.
 * Returns a status code; on failure `S.badPosition` is the offending position or -1.
 * Labels are of type L, ideal labels of type I (each u8, i32 or f64).
 */
export function prepareQuery<L, I>(labels: usize, start: i32, n: i32, ideal: usize, idealStart: i32, m: i32, relevant: f64, constants: usize, at: i32): i32 {
  const levels = planLevels();
  const judged = judgedSlot();
  S.badPosition = -1;
  // the ranking's labels: integers
  for (let i = 0; i < n; i++) {
    // integer label types are integers; only f64 labels need the check
    if (isFloat<L>() && !isInteger(getLabel<L>(labels, start + i))) {
      S.badPosition = i;
      return STATUS_LABEL_NOT_INTEGER;
    }
  }
  // the ideal labels: integers holding every judged label of the ranking; R (per level) and J
  // are their counts. When they are the ranking's own labels (no ideal labels given, the usual
  // case), they were checked just above
  const own = sameLabelType<L, I>() && ideal + (<usize>idealStart << alignof<I>()) == labels + (<usize>start << alignof<L>()) && m == n;
  for (let i = 0; i < m && !own; i++) {
    if (isFloat<I>() && !isInteger(getLabel<I>(ideal, idealStart + i))) {
      S.badPosition = i;
      return STATUS_IDEAL_LABEL_NOT_INTEGER;
    }
  }
  // each measure's own constants (most measure sets have none): from the ideal labels in
  // descending order, listed once as deep as the deepest one reads
  const measures = planMeasures();
  let deepest = 0;
  for (let row = 0; row < measures; row++) {
    const constant = constantOf(row);
    if (constant != CONSTANT_NONE) deepest = max(deepest, constantDepth(constant, row, m));
  }
  // labels of integer types that are the usual grades: counted by grade once (gradeCounts), R,
  // J, the multiset check and the largest ideal labels from the counts; else a pass for each,
  // as when only R and J are needed (a compare per label, which vectorizes, pays then)
  const counts = S.levelCounts;
  let span = -1;
  if (!isFloat<L>() && !isFloat<I>() && (!own || deepest > 0)) span = gradeCounts<I>(ideal + (<usize>idealStart << alignof<I>()), m, counts);
  if (span >= 0) {
    setF64(constants, at + judged, m - getI32(counts, COUNTED_LEVELS));
    for (let t = 0; t < levels; t++) setF64(constants, at + t, gradesAtLeast(counts, span, threshold(t)));
    S.badPosition = own ? -1 : missingFromGrades<L>(labels, start, n, counts, span);
  } else {
    setF64(constants, at + judged, countAtLeast<I>(ideal, idealStart, m, 0));
    for (let t = 0; t < levels; t++) setF64(constants, at + t, countAtLeast<I>(ideal, idealStart, m, threshold(t)));
    S.badPosition = own ? -1 : missingFromIdeal<L, I>(labels, start, n, ideal, idealStart, m);
  }
  if (S.badPosition >= 0) return STATUS_IDEAL_LACKS_LABEL;
  if (!isNaN(relevant)) {
    if (!isInteger(relevant) || relevant < 0) return STATUS_RELEVANT_NOT_COUNT;
    if (relevant < getF64(constants, at)) return STATUS_RELEVANT_TOO_SMALL;
    setF64(constants, at, relevant);
  }
  if (deepest == 0 && m > 0) return STATUS_OK;
  const top = S.idealTop;
  // the grades list the judged ideal labels; deeper, the unjudged ones' values are needed
  if (deepest > 0 && span >= 0 && deepest <= m - getI32(counts, COUNTED_LEVELS)) countedDescending(counts, 0, span, deepest, top);
  else if (deepest > 0) largestDescending<I>(ideal + (<usize>idealStart << alignof<I>()), m, deepest, top, counts);
  let runningCol = -1;
  let summed = 0;
  for (let row = 0; row < measures; row++) {
    const slot = at + rowInt(row, ROW_CONSTANT);
    const constant = constantOf(row);
    if (constant == CONSTANT_NONE) continue;
    const col = rowInt(row, ROW_GAIN);
    if (constant == CONSTANT_MAX_LABEL) {
      // the largest judged label (0 without one): graded RBP's gains are the labels over it
      setF64(constants, slot, m > 0 ? Math.max(0, getF64(top, 0)) : 0);
    } else if (constant == CONSTANT_IDEAL_LEVELS || gainType(col) == GAIN_TABLE) {
      // the positive ideal gains as levels (a table's gains need not follow the labels' order)
      const levels = S.gainLevels;
      const count = idealLevels(top, m, col, levels);
      if (count < 0) return STATUS_TOO_MANY_GAIN_LEVELS;
      if (constant == CONSTANT_IDEAL_LEVELS) {
        setF64(constants, slot, <f64>count);
        for (let i = 0; i < 2 * count; i++) setF64(constants, slot + 1 + i, getF64(levels, i));
      } else {
        setF64(constants, slot, levelsDcg(levels, count, rowField(row, ROW_CUTOFF)));
      }
    } else {
      // the ideal DCG through each rank, summed once per gain column for all its cut-offs
      const last = idealDepth(rowField(row, ROW_CUTOFF), m);
      const running = S.idealRunning;
      if (runningCol != col) {
        runningCol = col;
        summed = 0;
      }
      // the labels come in runs of equal values: a gain per run, not per rank; the sum in a local
      // (a store to `running` could alias the discounts, which would keep the sum in memory)
      let label = NaN;
      let gain: f64 = 0;
      let sum = getF64(running, summed);
      const discount = S.discount;
      for (; summed < last; summed++) {
        if (getF64(top, summed) != label) {
          label = getF64(top, summed);
          gain = gainOf(label, col);
        }
        sum = sum + gain * getF64(discount, summed + 1);
        setF64(running, summed + 1, sum);
      }
      setF64(constants, slot, getF64(running, last));
    }
  }
  return STATUS_OK;
}
