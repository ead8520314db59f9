import { meanOf, sumOf } from '../core/means.js';
import type { MeasureRequest } from '../measures/expandNames.js';

/**
 * The summary (`all`) value of each measure request over a run's queries, as trec_eval sums
 * them, in query order: the mean; for counts (num_q, num_ret, ...) the sum; for gm_map and
 * gm_bpref exp of the mean of log(max(value, 0.00001)). With -c (`allQueries`) trec_eval's
 * num_rel sums the qrels' labels > 0 over all their queries (`qrelsRelevant`), whatever -l.
 * A text measure (runid, relstring) has no value: NaN.
 * @param columns the values of `names[i]` per query, in query order
 */
export function summarize(measures: readonly MeasureRequest[], names: readonly string[], columns: readonly Float64Array[], allQueries: boolean, qrelsRelevant: number): number[] {
  return measures.map((m) => {
    if (m.text !== undefined) return Number.NaN;
    if (allQueries && m.label === 'num_rel') return qrelsRelevant;
    const values = columns[names.indexOf(m.name)]!;
    return m.aggregate === 'sum' ? sumOf(values, 0, values.length) : meanOf(values, 0, values.length, m.aggregate === 'geometric');
  });
}
