import type { Scratch } from './scratch.js';

/** trec_eval's INFAP_EPSILON: keeps the estimated precision defined when nothing judged lies above. */
const EPSILON = 0.00001;

/**
 * A chance of s judged above a slot below which it is dropped from the sum (2^-100): each adds
 * at most its chance times n to a slot's value of at least 1, and the hypergeometric's tails
 * only shrink as slots are added, so a large group sums O(sqrt n) chances per slot, not O(n).
 */
const DROPPED = 2 ** -100;

/**
 * trec_eval's infAP over R (0 when R = 0). Documents the judgements lack (label -1) count as
 * ranks but nothing else; those judged unjudged (label <= -2, the pool column `poolCol`) are
 * pooled but skipped. A relevant document at rank P, with a relevant, b judged non-relevant and
 * u pooled-unjudged documents above it, adds 1 at rank 1, else
 *   1/P + ((P - 1)/P) ((a + b + u)/(P - 1)) ((a + e)/(a + b + 2e)),  e = 0.00001,
 * which is (1 + (a + b + u)(a + e)/(a + b + 2e)) / P.
 *
 * Tie-aware: for a relevant document at slot x of group V (t ranks, A relevant, B judged
 * non-relevant, U pooled documents above the group), the other x - 1 slots above it hold s of
 * the group's J = r - 1 + m other judged documents (hypergeometric); given s, the relevant
 * among them are s (r - 1)/J on average and, independently, the pooled among the x - 1 - s
 * unjudged ones are (x - 1 - s) u/(u + o) on average (u pooled, o not pooled), and the term is
 * linear in each given s. So slot x adds, over the r/n relevant documents it holds on average,
 *   (1/(t + x)) sum over s of P(s) (1 + (A + B + U + s + (x - 1 - s) rho)(A + s q + e)/(A + B + s + 2e)),
 * q = (r - 1)/J, rho = u/(u + o). The probabilities P(s) are updated slot to slot, those below
 * DROPPED left out, so a group costs O(n_i min(n_i, J, sqrt(n_i) w)), w a few dozen.
 * In trec and input modes (`plain`: one document per group, rank
 * order) the term is trec_eval's own expression, summed as trec_eval does.
 */
export function infAP(s: Scratch, col: number, poolCol: number, relevant: number, plain: boolean): number {
  if (relevant === 0) return 0;
  const pmf = s.work;
  let sum = 0;
  let carry = 0; // Kahan, as in averagePrecision
  let rel = 0;
  let judged = 0;
  let pooled = 0;
  let start = 0;
  for (let g = 0; g < s.groupCount; g++) {
    const end = s.groupEnd[g]!;
    const n = end - start;
    const r = s.groupRel[g * s.levels + col]!;
    const m = s.groupJudged[g]! - r;
    // pooled documents are unjudged: out of the judged view's ranking (-J after -M), as trec_eval drops them
    const u = s.judgedView ? 0 : s.groupGain[g * s.gains + poolCol]!;
    if (r > 0) {
      const nonrel = judged - rel;
      let added: number;
      if (plain) {
        const j = start;
        added = j === 0 ? 1 : 1 / (j + 1) + (j / (j + 1)) * ((rel + nonrel + pooled) / j) * ((rel + EPSILON) / (rel + nonrel + 2 * EPSILON));
      } else {
        const others = r - 1 + m;
        const q = others > 0 ? (r - 1) / others : 0;
        const rho = n - r - m > 0 ? u / (n - r - m) : 0;
        const above = rel + nonrel + pooled;
        added = 0;
        // P(s judged among the x - 1 slots above), kept for s in low .. high (see DROPPED)
        pmf[0] = 1;
        let low = 0;
        let high = 0;
        for (let x = 1; x <= n; x++) {
          if (x > 1) {
            // one more draw from the n - 1 others, x - 2 of them drawn so far
            const left = n - 1 - (x - 2);
            const top = Math.min(high + 1, others);
            for (let k = top; k >= low; k--) {
              const stay = k <= high ? pmf[k]! * (n - 1 - others - (x - 2 - k)) : 0;
              const come = k > low ? pmf[k - 1]! * (others - (k - 1)) : 0;
              pmf[k] = (stay + come) / left;
            }
            high = top;
            while (low < high && pmf[low]! < DROPPED) low++;
            while (high > low && pmf[high]! < DROPPED) high--;
          }
          let slot = 0;
          for (let k = low; k <= high; k++) {
            const count = above + k + (x - 1 - k) * rho;
            slot += pmf[k]! * (1 + (count * (rel + k * q + EPSILON)) / (rel + nonrel + k + 2 * EPSILON));
          }
          added += slot / (start + x);
        }
        added *= r / n;
      }
      const term = added - carry;
      const next = sum + term;
      carry = plain ? 0 : next - sum - term;
      sum = next;
    }
    rel += r;
    judged += r + m;
    pooled += u;
    start = end;
  }
  return sum / relevant;
}
