import { G_COUNTED_SLOTS, G_STATES_MAX, G_WORK_MAX } from './codes';
import { binomial } from './freeOrders';
import { gainOf } from './gain';
import { log2 } from './log2';
import { idealGainSum, walkNext, walkStart } from './idealLevels';
import { getF64, getI32, getLabel, setF64 } from './memory';
import * as S from './scratch';

/** log2(a), from S.logs when a is a whole number it holds (as with whole gains): the same value, sooner. */
function logOf(a: f64): f64 {
  return a < <f64>S.logCount && a == Math.floor(a) ? getF64(S.logs, <i32>a) : log2(a);
}

/**
 * The digits of the next state (state + 1 in the mixed radix counts[d] + 1), in place; returns
 * the new total drawn from `drawn`, the digits' sum.
 */
function nextDigits(digits: usize, counts: usize, distinct: i32, drawn: f64): f64 {
  for (let d = 0; d < distinct; d++) {
    if (getF64(digits, d) < getF64(counts, d)) {
      setF64(digits, d, getF64(digits, d) + 1);
      return drawn + 1;
    }
    drawn -= getF64(digits, d);
    setF64(digits, d, 0);
  }
  return drawn;
}

function countsTotal(counts: usize, distinct: i32): f64 {
  let total: f64 = 0;
  for (let d = 0; d < distinct; d++) total += getF64(counts, d);
  return total;
}

/** Where S.gSlots holds, per slot x of a counted group, 2 + C_x; C(zeros, i) for i = x - drawn; each slot's sum over the states. */
const LIFT: i32 = 0;
const CHOOSE: i32 = G_COUNTED_SLOTS + 1;
const TERMS: i32 = 2 * (G_COUNTED_SLOTS + 1);

/**
 * A counted group's sums at its slots x = 1..n (see g), to S.gSlots[TERMS + x]: the states with
 * a gain, each over the slots it reaches (drawn <= x <= drawn + zeros), so a slot adds its states
 * in state order as a loop over the states at each slot would, without a test per state and slot.
 * Reads 2 + C_x at S.gSlots[LIFT + x].
 */
function countedTerms(orders: usize, gains: usize, drawnOf: usize, stateCount: i32, n: f64, zeros: f64, above: f64): void {
  const slots = S.gSlots;
  for (let x = 1; x <= <i32>n; x++) setF64(slots, TERMS + x, 0);
  for (let i = 0; i <= <i32>zeros; i++) setF64(slots, CHOOSE + i, binomial(zeros, <f64>i));
  for (let state = 0; state < stateCount; state++) {
    const gain = getF64(gains, state);
    if (gain == 0) continue;
    const drawn = <i32>getF64(drawnOf, state);
    const ways = getF64(orders, state);
    const down = above + gain;
    const last = min(<i32>n, drawn + <i32>zeros);
    for (let x = max(drawn, 1); x <= last; x++) setF64(slots, TERMS + x, getF64(slots, TERMS + x) + (ways * getF64(slots, CHOOSE + x - drawn) * gain) / logOf(getF64(slots, LIFT + x) - down));
  }
}

/**
 * A counted group's states (digits counted up state by state): the orders of its draws of each
 * gain, prod over d of C(counts[d], j_d), to `orders`, its gain sum to `gains` and its count
 * drawn to `drawnOf`. `digits` is scratch.
 */
function countStates(orders: usize, gains: usize, drawnOf: usize, digits: usize, values: usize, counts: usize, distinct: i32, stateCount: i32): void {
  for (let d = 0; d < distinct; d++) setF64(digits, d, 0);
  let drawn: f64 = 0;
  for (let state = 0; state < stateCount; state++) {
    let ways: f64 = 1;
    let gain: f64 = 0;
    for (let d = 0; d < distinct; d++) {
      ways *= binomial(getF64(counts, d), getF64(digits, d));
      gain += getF64(digits, d) * getF64(values, d);
    }
    setF64(orders, state, ways);
    setF64(gains, state, gain);
    setF64(drawnOf, state, drawn);
    drawn = nextDigits(digits, counts, distinct, drawn);
  }
}

/**
 * trec_eval's G over the ideal ranking's gain sum (0 when that is 0): each rank i with gain
 * g_i != 0 adds g_i / log2(2 + C_i - CG_i), CG_i the ranking's cumulative gain through rank i
 * and C_i the sum over the ranks through i of max(ideal gain, 1).
 *
 * Tie-aware: C_i is fixed. At slot x of group V (t ranks and gain A above it), CG = A + S_x
 * with S_x the gain sum of a random x-subset of the group, and the document at slot x is a
 * uniform member of that subset, so E[g_x f(S_x)] = E[(S_x / x) f(S_x)]. S_x follows the counts
 * drawn of each distinct nonzero gain (multivariate hypergeometric), at most G_STATES_MAX states,
 * the product over them of (count + 1) (else -1 is returned). A group of at most G_COUNTED_SLOTS
 * documents counts them: a state's chance at slot x is prod_d C(c_d, j_d) C(zeros, x - drawn) /
 * C(n, x), whole numbers below 2^53, so slot x adds the sum over the states of orders times
 * gain / log, divided once by C(n, x) x: O(n S) besides O(V S) once. A larger group's chances
 * are carried slot to slot: O(n V S).
 * The group's documents are S.order[rawEnd[g-1] .. rawEnd[g]) of the query at `start`; in the
 * judged view (`judgedOnly`) those with label < 0 are out of the ranking. Labels are of type L.
 */
export function g<L>(labels: usize, start: i32, gainCol: i32, constants: usize, slot: i32, rawEnd: usize, judgedOnly: bool, plain: bool): f64 {
  const total = idealGainSum(constants, slot);
  if (!(total > 0)) return 0;
  walkStart(constants, slot);
  const values = S.work;
  const counts = S.work2;
  // a state's count drawn of each gain (its mixed-radix digits, counted up state by state: no
  // division); pmf is free here
  const digits = S.pmf;
  let sum: f64 = 0;
  let carry: f64 = 0; // Kahan, as in averagePrecision
  let cost: f64 = 0;
  let work: f64 = 0;
  let above: f64 = 0;
  let rawStart = 0;
  let from: f64 = 0;
  for (let grp = 0; grp < S.groupCount; grp++) {
    const end = <f64>getI32(S.groupEnd, grp);
    const n = end - from;
    // the group's distinct nonzero gains and their counts, and its state space
    let distinct = 0;
    let groupGain: f64 = 0;
    for (let i = rawStart; i < getI32(rawEnd, grp); i++) {
      const label = getLabel<L>(labels, start + getI32(S.order, i));
      if (judgedOnly && label < 0) continue;
      const gain = gainOf(label, gainCol);
      if (gain == 0) continue;
      groupGain += gain;
      let d = 0;
      while (d < distinct && getF64(values, d) != gain) d++;
      if (d == distinct) {
        setF64(values, distinct, gain);
        setF64(counts, distinct++, 0);
      }
      setF64(counts, d, getF64(counts, d) + 1);
    }
    let states: f64 = 1;
    for (let d = 0; d < distinct; d++) states *= getF64(counts, d) + 1;
    // past the budget (the states' slots, counted over the query's groups) the glue estimates it
    if (distinct > 0) work += n * states;
    if (states > G_STATES_MAX || work > G_WORK_MAX) return -1;
    const stateCount = <i32>states;
    let now = S.states;
    let after = S.states2;
    // a counted group lists its states in the same buffers (their chances are not carried)
    const orders = S.states;
    const gains = S.states2;
    const drawnOf = S.states3;
    const zeros = n - countsTotal(counts, distinct);
    const counted = n > 1 && n <= <f64>G_COUNTED_SLOTS;
    if (counted) {
      countStates(orders, gains, drawnOf, digits, values, counts, distinct, stateCount);
      // the slots' costs first: every state reads them
      for (let x = 1; x <= <i32>n; x++) {
        cost += Math.max(walkNext(), 1);
        setF64(S.gSlots, LIFT + x, 2 + cost);
      }
      countedTerms(orders, gains, drawnOf, stateCount, n, zeros, above);
    } else {
      for (let state = 0; state < stateCount; state++) setF64(now, state, 0);
      setF64(now, 0, 1);
    }
    for (let x: f64 = 1; x <= n; x++) {
      if (!counted) cost += Math.max(walkNext(), 1);
      let expected: f64 = 0;
      if (n == 1) {
        // one document, drawn for sure: the term the states give (1 * (g / 1) is g)
        if (groupGain != 0) expected = groupGain / logOf(2 + cost - (above + groupGain));
      } else if (counted) {
        expected = getF64(S.gSlots, TERMS + <i32>x) / (binomial(n, x) * x);
      } else {
        // draw the x-th document: of gain d (from the state one lower in d) or of gain 0, and
        // add each state's part of E[(S_x / x) f(A + S_x)]
        const left = n - (x - 1);
        for (let d = 0; d < distinct; d++) setF64(digits, d, 0);
        let drawn: f64 = 0;
        for (let state = 0; state < stateCount; state++) {
          if (drawn > x || x - drawn > zeros) {
            // out of reach at slot x (more drawn than slots, or fewer than the zeros allow): 0
            setF64(after, state, 0);
            drawn = nextDigits(digits, counts, distinct, drawn);
            continue;
          }
          let p: f64 = 0;
          let gain: f64 = 0;
          let stride = 1;
          for (let d = 0; d < distinct; d++) {
            const j = getF64(digits, d);
            if (j > 0) p += getF64(now, state - stride) * (getF64(counts, d) - (j - 1));
            gain += j * getF64(values, d);
            stride *= <i32>getF64(counts, d) + 1;
          }
          const zerosLeft = zeros - (x - 1 - drawn);
          const chance = (p + (zerosLeft > 0 ? getF64(now, state) * zerosLeft : 0)) / left;
          setF64(after, state, chance);
          if (chance != 0 && gain != 0) expected += (chance * (gain / x)) / logOf(2 + cost - (above + gain));
          drawn = nextDigits(digits, counts, distinct, drawn);
        }
        const drawnFrom = now;
        now = after;
        after = drawnFrom;
      }
      const term = expected - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    above += groupGain;
    rawStart = getI32(rawEnd, grp);
    from = end;
  }
  return sum / total;
}
