#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include "codes.hpp"
#include "freeOrders.hpp"
#include "gain.hpp"
#include "idealLevels.hpp"
#include "log2.hpp"
#include "plan.hpp"
#include "scratch.hpp"

namespace tie_eval {

/** log2(a), from s.logs when a is a whole number it holds (as with whole gains): the same value, sooner. */
inline double logOf(const Scratch& s, double a) {
  return a < static_cast<double>(s.logs.size()) && a == std::floor(a) ? s.logs[static_cast<size_t>(a)] : log2(a);
}

/**
 * The digits of the next state (state + 1 in the mixed radix counts[d] + 1), in place; returns
 * the new total drawn from `drawn`, the digits' sum.
 */
inline double nextDigits(double* digits, const double* counts, int distinct, double drawn) {
  for (int d = 0; d < distinct; d++) {
    if (digits[d] < counts[d]) {
      digits[d] = digits[d] + 1;
      return drawn + 1;
    }
    drawn -= digits[d];
    digits[d] = 0;
  }
  return drawn;
}

inline double countsTotal(const double* counts, int distinct) {
  double total = 0;
  for (int d = 0; d < distinct; d++) total += counts[d];
  return total;
}

/** Where s.gSlots holds, per slot x of a counted group, 2 + C_x; C(zeros, i) for i = x - drawn; each slot's sum over the states. */
constexpr int LIFT = 0;
constexpr int CHOOSE = G_COUNTED_SLOTS + 1;
constexpr int TERMS = 2 * (G_COUNTED_SLOTS + 1);

/**
 * A counted group's sums at its slots x = 1..n (see g), to s.gSlots[TERMS + x]: the states with
 * a gain, each over the slots it reaches (drawn <= x <= drawn + zeros), so a slot adds its states
 * in state order as a loop over the states at each slot would, without a test per state and slot.
 * Reads 2 + C_x at s.gSlots[LIFT + x].
 */
inline void countedTerms(Scratch& s, const double* orders, const double* gains, const double* drawnOf, int stateCount, double n, double zeros, double above) {
  double* slots = s.gSlots.data();
  for (int x = 1; x <= static_cast<int>(n); x++) slots[TERMS + x] = 0;
  for (int i = 0; i <= static_cast<int>(zeros); i++) slots[CHOOSE + i] = binomial(zeros, i);
  for (int state = 0; state < stateCount; state++) {
    const double gain = gains[state];
    if (gain == 0) continue;
    const int drawn = static_cast<int>(drawnOf[state]);
    const double ways = orders[state];
    const double down = above + gain;
    const int last = std::min(static_cast<int>(n), drawn + static_cast<int>(zeros));
    for (int x = std::max(drawn, 1); x <= last; x++) slots[TERMS + x] = slots[TERMS + x] + (ways * slots[CHOOSE + x - drawn] * gain) / logOf(s, slots[LIFT + x] - down);
  }
}

/**
 * A counted group's states (digits counted up state by state): the orders of its draws of each
 * gain, prod over d of C(counts[d], j_d), to `orders`, its gain sum to `gains` and its count
 * drawn to `drawnOf`. `digits` is scratch.
 */
inline void countStates(double* orders, double* gains, double* drawnOf, double* digits, const double* values, const double* counts, int distinct, int stateCount) {
  std::fill(digits, digits + distinct, 0.0);
  double drawn = 0;
  for (int state = 0; state < stateCount; state++) {
    double ways = 1;
    double gain = 0;
    for (int d = 0; d < distinct; d++) {
      ways *= binomial(counts[d], digits[d]);
      gain += digits[d] * values[d];
    }
    orders[state] = ways;
    gains[state] = gain;
    drawnOf[state] = drawn;
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
 * The group's documents are s.order[rawEnd[g-1] .. rawEnd[g]) of the query at `start`; in the
 * judged view (`judgedOnly`) those with label < 0 are out of the ranking.
 */
template <typename L>
double g(Scratch& s, const L* labels, int64_t start, const Plan& plan, int gainCol, const double* constants, int64_t slot, const int32_t* rawEnd, bool judgedOnly, bool plain) {
  const double total = idealGainSum(constants, slot);
  if (!(total > 0)) return 0;
  IdealWalk walk;
  walk.start(constants, slot);
  double* values = s.work.data();
  double* counts = s.work2.data();
  // a state's count drawn of each gain (its mixed-radix digits, counted up state by state: no
  // division); pmf is free here
  double* digits = s.pmf.data();
  double sum = 0;
  double carry = 0;  // Kahan, as in averagePrecision
  double cost = 0;
  double work = 0;
  double above = 0;
  int rawStart = 0;
  double from = 0;
  for (int grp = 0; grp < s.groupCount; grp++) {
    const double end = s.groupEnd[grp];
    const double n = end - from;
    // the group's distinct nonzero gains and their counts, and its state space
    int distinct = 0;
    double groupGain = 0;
    for (int i = rawStart; i < rawEnd[grp]; i++) {
      const double label = static_cast<double>(labels[start + s.order[i]]);
      if (judgedOnly && label < 0) continue;
      const double gain = gainOf(label, plan, gainCol);
      if (gain == 0) continue;
      groupGain += gain;
      int d = 0;
      while (d < distinct && values[d] != gain) d++;
      if (d == distinct) {
        values[distinct] = gain;
        counts[distinct++] = 0;
      }
      counts[d] = counts[d] + 1;
    }
    double states = 1;
    for (int d = 0; d < distinct; d++) states *= counts[d] + 1;
    // past the budget (the states' slots, counted over the query's groups) the glue estimates it
    if (distinct > 0) work += n * states;
    if (states > G_STATES_MAX || work > G_WORK_MAX) return -1;
    const int stateCount = static_cast<int>(states);
    s.ensureStates(stateCount);
    double* now = s.states.data();
    double* after = s.states2.data();
    // a counted group lists its states in the same buffers (their chances are not carried)
    double* orders = s.states.data();
    double* gains = s.states2.data();
    double* drawnOf = s.states3.data();
    const double zeros = n - countsTotal(counts, distinct);
    const bool counted = n > 1 && n <= G_COUNTED_SLOTS;
    if (counted) {
      countStates(orders, gains, drawnOf, digits, values, counts, distinct, stateCount);
      // the slots' costs first: every state reads them
      for (int x = 1; x <= static_cast<int>(n); x++) {
        cost += std::max(walk.next(), 1.0);
        s.gSlots[LIFT + x] = 2 + cost;
      }
      countedTerms(s, orders, gains, drawnOf, stateCount, n, zeros, above);
    } else {
      std::fill(now, now + stateCount, 0.0);
      now[0] = 1;
    }
    for (double x = 1; x <= n; x++) {
      if (!counted) cost += std::max(walk.next(), 1.0);
      double expected = 0;
      if (n == 1) {
        // one document, drawn for sure: the term the states give (1 * (g / 1) is g)
        if (groupGain != 0) expected = groupGain / logOf(s, 2 + cost - (above + groupGain));
      } else if (counted) {
        expected = s.gSlots[TERMS + static_cast<int>(x)] / (binomial(n, x) * x);
      } else {
        // draw the x-th document: of gain d (from the state one lower in d) or of gain 0, and
        // add each state's part of E[(S_x / x) f(A + S_x)]
        const double left = n - (x - 1);
        std::fill(digits, digits + distinct, 0.0);
        double drawn = 0;
        for (int state = 0; state < stateCount; state++) {
          if (drawn > x || x - drawn > zeros) {
            // out of reach at slot x (more drawn than slots, or fewer than the zeros allow): 0
            after[state] = 0;
            drawn = nextDigits(digits, counts, distinct, drawn);
            continue;
          }
          double p = 0;
          double gain = 0;
          int stride = 1;
          for (int d = 0; d < distinct; d++) {
            const double j = digits[d];
            if (j > 0) p += now[state - stride] * (counts[d] - (j - 1));
            gain += j * values[d];
            stride *= static_cast<int>(counts[d]) + 1;
          }
          const double zerosLeft = zeros - (x - 1 - drawn);
          const double chance = (p + (zerosLeft > 0 ? now[state] * zerosLeft : 0)) / left;
          after[state] = chance;
          if (chance != 0 && gain != 0) expected += (chance * (gain / x)) / logOf(s, 2 + cost - (above + gain));
          drawn = nextDigits(digits, counts, distinct, drawn);
        }
        double* const drawnFrom = now;
        now = after;
        after = drawnFrom;
      }
      const double term = expected - carry;
      const double next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    above += groupGain;
    rawStart = rawEnd[grp];
    from = end;
  }
  return sum / total;
}

}  // namespace tie_eval
