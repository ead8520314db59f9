import { parseAnyMeasure } from '../measures/expandNames.js';
import { Kind } from '../measures/table.js';

/**
 * trec_eval's -c evaluates a qrels query the run lacks as a ranking of one document the qrels
 * lack, under this id (unless -J leaves it out: then the ranking is empty).
 */
export const MISSING_QUERY_DOCUMENT = 'ceci_nest_pas_un_docno';

const ZEROED: readonly Kind[] = [Kind.NUM_RET, Kind.UNJ, Kind.RBP_RESID];

/**
 * Whether trec_eval -c sets a measure to 0 for such a query: num_ret, unj and rbp_resid, and
 * utility asked by that name (a utility with parameters keeps the document's value).
 * @param name the measure evaluated; `label` the name it was asked by
 */
export function zeroedWhenMissing(name: string, label: string): boolean {
  return label === 'utility' || ZEROED.includes(parseAnyMeasure(name).kind);
}
