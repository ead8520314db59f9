import type { LabelArray } from '../core/labels.js';
import { G_COUNTED_SLOTS, G_STATES_MAX, G_WORK_MAX } from '../measures/codes.js';
import type { Plan } from '../measures/plan.js';
import { binomial } from './freeOrders.js';
import { gainOf } from './gain.js';
import { log2 } from './log2.js';
import { IdealWalk, idealGainSum } from './idealLevels.js';
import type { Scratch } from './scratch.js';

const walk = new IdealWalk();

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
 * The group's documents are s.order[rawEnd[g-1] .. rawEnd[g]) of the query at `start`; in the
 * judged view (`judgedOnly`) those with label < 0 are out of the ranking.
 */
export function g(s: Scratch, labels: LabelArray, start: number, plan: Plan, gainCol: number, constants: Float64Array, slot: number, rawEnd: Int32Array, judgedOnly: boolean, plain: boolean): number {
  const total = idealGainSum(constants, slot);
  if (!(total > 0)) return 0;
  walk.start(constants, slot);
  const values = s.work;
  const counts = s.work2;
  // a state's count drawn of each gain (its mixed-radix digits, counted up state by state: no
  // division); pmf is free here
  const digits = s.pmf;
  let sum = 0;
  let carry = 0; // Kahan, as in averagePrecision
  let cost = 0;
  let work = 0;
  let above = 0;
  let rawStart = 0;
  let from = 0;
  for (let grp = 0; grp < s.groupCount; grp++) {
    const end = s.groupEnd[grp]!;
    const n = end - from;
    // the group's distinct nonzero gains and their counts, and its state space
    let distinct = 0;
    let groupGain = 0;
    for (let i = rawStart; i < rawEnd[grp]!; i++) {
      const label = labels[start + s.order[i]!]!;
      if (judgedOnly && label < 0) continue;
      const gain = gainOf(label, plan, gainCol);
      if (gain === 0) continue;
      groupGain += gain;
      let d = 0;
      while (d < distinct && values[d] !== gain) d++;
      if (d === distinct) {
        values[distinct] = gain;
        counts[distinct++] = 0;
      }
      counts[d] = counts[d]! + 1;
    }
    let states = 1;
    for (let d = 0; d < distinct; d++) states *= counts[d]! + 1;
    // past the budget (the states' slots, counted over the query's groups) the glue estimates it
    if (distinct > 0) work += n * states;
    if (states > G_STATES_MAX || work > G_WORK_MAX) return -1;
    s.ensureStates(states);
    let now = s.states;
    let after = s.states2;
    // a counted group lists its states in the same buffers (their chances are not carried)
    const orders = s.states;
    const gains = s.states2;
    const drawnOf = s.states3;
    const zeros = n - countsTotal(counts, distinct);
    const counted = n > 1 && n <= G_COUNTED_SLOTS;
    if (counted) {
      countStates(orders, gains, drawnOf, digits, values, counts, distinct, states);
      // the slots' costs first: every state reads them
      for (let x = 1; x <= n; x++) {
        cost += Math.max(walk.next(), 1);
        s.gSlots[LIFT + x] = 2 + cost;
      }
      countedTerms(s, orders, gains, drawnOf, states, n, zeros, above);
    } else {
      now.fill(0, 0, states);
      now[0] = 1;
    }
    for (let x = 1; x <= n; x++) {
      if (!counted) cost += Math.max(walk.next(), 1);
      let expected = 0;
      if (n === 1) {
        // one document, drawn for sure: the term the states give (1 * (g / 1) is g)
        if (groupGain !== 0) expected = groupGain / logOf(s, 2 + cost - (above + groupGain));
      } else if (counted) {
        expected = s.gSlots[TERMS + x]! / (binomial(n, x) * x);
      } else {
        // draw the x-th document: of gain d (from the state one lower in d) or of gain 0, and
        // add each state's part of E[(S_x / x) f(A + S_x)]
        const left = n - (x - 1);
        digits.fill(0, 0, distinct);
        let drawn = 0;
        for (let state = 0; state < states; state++) {
          if (drawn > x || x - drawn > zeros) {
            // out of reach at slot x (more drawn than slots, or fewer than the zeros allow): 0
            after[state] = 0;
            drawn = nextDigits(digits, counts, distinct, drawn);
            continue;
          }
          let p = 0;
          let gain = 0;
          let stride = 1;
          for (let d = 0; d < distinct; d++) {
            const j = digits[d]!;
            if (j > 0) p += now[state - stride]! * (counts[d]! - (j - 1));
            gain += j * values[d]!;
            stride *= counts[d]! + 1;
          }
          const zerosLeft = zeros - (x - 1 - drawn);
          const chance = (p + (zerosLeft > 0 ? now[state]! * zerosLeft : 0)) / left;
          after[state] = chance;
          if (chance !== 0 && gain !== 0) expected += (chance * (gain / x)) / logOf(s, 2 + cost - (above + gain));
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
    rawStart = rawEnd[grp]!;
    from = end;
  }
  return sum / total;
}

/** log2(a), from s.logs when a is a whole number it holds (as with whole gains): the same value, sooner. */
function logOf(s: Scratch, a: number): number {
  return a < s.logs.length && a === Math.floor(a) ? s.logs[a]! : log2(a);
}

/**
 * The digits of the next state (state + 1 in the mixed radix counts[d] + 1), in place; returns
 * the new total drawn from `drawn`, the digits' sum.
 */
function nextDigits(digits: Float64Array, counts: Float64Array, distinct: number, drawn: number): number {
  for (let d = 0; d < distinct; d++) {
    if (digits[d]! < counts[d]!) {
      digits[d] = digits[d]! + 1;
      return drawn + 1;
    }
    drawn -= digits[d]!;
    digits[d] = 0;
  }
  return drawn;
}

function countsTotal(counts: Float64Array, distinct: number): number {
  let total = 0;
  for (let d = 0; d < distinct; d++) total += counts[d]!;
  return total;
}

/** Where s.gSlots holds, per slot x of a counted group, 2 + C_x; C(zeros, i) for i = x - drawn; each slot's sum over the states. */
const LIFT = 0;
const CHOOSE = G_COUNTED_SLOTS + 1;
const TERMS = 2 * (G_COUNTED_SLOTS + 1);

/**
 * A counted group's sums at its slots x = 1..n (see g), to s.gSlots[TERMS + x]: the states with
 * a gain, each over the slots it reaches (drawn <= x <= drawn + zeros), so a slot adds its states
 * in state order as a loop over the states at each slot would, without a test per state and slot.
 * Reads 2 + C_x at s.gSlots[LIFT + x].
 */
function countedTerms(s: Scratch, orders: Float64Array, gains: Float64Array, drawnOf: Float64Array, stateCount: number, n: number, zeros: number, above: number): void {
  const slots = s.gSlots;
  for (let x = 1; x <= n; x++) slots[TERMS + x] = 0;
  for (let i = 0; i <= zeros; i++) slots[CHOOSE + i] = binomial(zeros, i);
  for (let state = 0; state < stateCount; state++) {
    const gain = gains[state]!;
    if (gain === 0) continue;
    const drawn = drawnOf[state]!;
    const ways = orders[state]!;
    const down = above + gain;
    const last = Math.min(n, drawn + zeros);
    for (let x = Math.max(drawn, 1); x <= last; x++) slots[TERMS + x] = slots[TERMS + x]! + (ways * slots[CHOOSE + x - drawn]! * gain) / logOf(s, slots[LIFT + x]! - down);
  }
}

/**
 * A counted group's states (digits counted up state by state): the orders of its draws of each
 * gain, prod over d of C(counts[d], j_d), to `orders`, its gain sum to `gains` and its count
 * drawn to `drawnOf`. `digits` is scratch.
 */
function countStates(orders: Float64Array, gains: Float64Array, drawnOf: Float64Array, digits: Float64Array, values: Float64Array, counts: Float64Array, distinct: number, stateCount: number): void {
  digits.fill(0, 0, distinct);
  let drawn = 0;
  for (let state = 0; state < stateCount; state++) {
    let ways = 1;
    let gain = 0;
    for (let d = 0; d < distinct; d++) {
      ways *= binomial(counts[d]!, digits[d]!);
      gain += digits[d]! * values[d]!;
    }
    orders[state] = ways;
    gains[state] = gain;
    drawnOf[state] = drawn;
    drawn = nextDigits(digits, counts, distinct, drawn);
  }
}
