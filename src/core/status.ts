/**
 * What a kernel reports when it meets bad input: a code, the query and the position in it.
 * Every backend reports with these codes; `describeStatus` words the error once for all.
 */
export const Status = {
  OK: 0,
  /** a score is NaN */
  SCORE_NAN: 1,
  /** a label is not a finite integer */
  LABEL_NOT_INTEGER: 2,
  /** an ideal label is not a finite integer */
  IDEAL_LABEL_NOT_INTEGER: 3,
  /** the given R is smaller than the relevant documents of the ideal labels (or of the ranking) */
  RELEVANT_TOO_SMALL: 4,
  /** the given R is not a non-negative integer */
  RELEVANT_NOT_COUNT: 5,
  /** the ideal labels lack a judged label of the ranking (its position), repeats counted */
  IDEAL_LACKS_LABEL: 6,
  /** a measure that reads the ideal gains' levels (G, ndcg_rel, Rndcg) meets more distinct positive gains than it keeps */
  TOO_MANY_GAIN_LEVELS: 7,
  /** a measure's value is not finite (its position: the measure's row): gains beyond a double's range */
  VALUE_NOT_FINITE: 9,
} as const;
