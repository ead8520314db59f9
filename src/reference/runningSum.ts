/**
 * A per-rank sum over the current query's groups (DCG, AP), kept as it walks: its value
 * after each rank, and where the walk stands. Rows of one column with several cut-offs
 * (nDCG@5 .. nDCG@1000, AP@5 ..) walk the ranking once and read their cut-off's value, the
 * number a walk to that cut-off alone gives (the same terms added in the same order).
 */
export class RunningSum {
  /** what is summed: column * 2 + 1 in the judged view; -1: nothing yet for this query */
  key = -1;
  /** ranks summed */
  rank = 0;
  /** the group of the last rank summed, its first rank - 1 and its end */
  group = -1;
  start = 0;
  end = 0;
  /** the relevant documents before the group (AP) */
  before = 0;
  /** whether the group adds terms, and its factors: mean gain (DCG); r / n and (r - 1) / (n - 1) (AP) */
  active = false;
  share = 0;
  inner = 0;
  /** the sum and its Kahan carry */
  sum = 0;
  carry = 0;
  /** values[j]: the sum through rank j */
  values = new Float64Array(1);

  /** Starts the walk over for `what` at rank 0. */
  restart(what: number): void {
    this.key = what;
    this.rank = 0;
    this.group = -1;
    this.start = 0;
    this.end = 0;
    this.before = 0;
    this.active = false;
    this.sum = 0;
    this.carry = 0;
  }
}
