import { geometricSpread, meanOf, type Summation, summaryTerms, termsSum, totalFromSum } from '../core/means.js';
import type { MeasureRequest } from '../measures/expandNames.js';

/**
 * The summary (`all`) value of each measure request over a run's queries, summed as `summation`
 * says (trec_eval's query order in the trec mode, else exactly: see Summation): the mean; for counts (num_q, num_ret, ...) the sum; for gm_map and
 * gm_bpref exp of the mean of log(max(value, 0.00001)). With -c (`allQueries`) trec_eval's
 * num_rel sums the qrels' labels > 0 over all their queries (`qrelsRelevant`), whatever -l.
 * In the sd mode (`sd`: the values are standard deviations) the standard deviation of that
 * mean or sum: sqrt of the sum of squares, over the count for a mean (num_rel's -c total: 0);
 * for a geometric mean, from the queries' averages too (`averages`, the average mode's
 * columns: see geometricSpread).
 * A text measure (runid, relstring) has no value: NaN.
 * @param columns the values of `names[i]` per query, in query order
 * @param sums the sum of each column's values by `summation` (see sumOf)
 */
export function summarize(measures: readonly MeasureRequest[], names: readonly string[], columns: readonly Float64Array[], sums: Float64Array, allQueries: boolean, qrelsRelevant: number, summation: Summation, sd = false, averages?: readonly Float64Array[]): number[] {
  return measures.map((m) => {
    if (m.text !== undefined) return Number.NaN;
    if (allQueries && m.label === 'num_rel') return sd ? 0 : qrelsRelevant;
    const column = names.indexOf(m.name);
    const values = columns[column]!;
    if (sd && m.aggregate === 'geometric') return geometricSpread(averages![column]!, values, 0, values.length);
    const terms = summaryTerms(m.aggregate === 'geometric', sd);
    if (terms === 'values') return m.aggregate === 'sum' ? sums[column]! : sums[column]! / values.length;
    return m.aggregate === 'sum' ? totalFromSum(termsSum(values, 0, values.length, terms, summation), terms) : meanOf(values, 0, values.length, terms, summation);
  });
}
