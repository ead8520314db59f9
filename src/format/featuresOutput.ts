import type { FeaturesEvaluation } from '../features/evaluateFeatures.js';
import { csvField } from './csvField.js';
import { table } from './table.js';
import { counted } from '../util/counted.js';

/** The columns of a features table: index, direction, ties, then each measure (and its range). */
function columns(evaluation: FeaturesEvaluation): { header: string[]; rows: (string | number)[][] } {
  const range = evaluation.ties === 'range';
  const header = ['feature', 'direction', 'tied%', 'largest-group', ...evaluation.measures.flatMap((m) => (range ? [`${m} pessimistic`, m, `${m} optimistic`] : [m]))];
  const rows = evaluation.features.map((f) => [
    f.feature,
    f.direction,
    f.tiedPercent,
    f.largestGroup,
    ...evaluation.measures.flatMap((m) => (range ? [f.pessimistic![m]!, f.mean[m]!, f.optimistic![m]!] : [f.mean[m]!])),
  ]);
  return { header, rows };
}

/** A text table, best feature first, with the counts of queries and documents above it. */
export function formatFeaturesText(evaluation: FeaturesEvaluation): string {
  const { header, rows } = columns(evaluation);
  const text = rows.map((r) => r.map((x, c) => (c === 2 ? (x as number).toFixed(2) : typeof x === 'number' && c > 3 ? x.toFixed(4) : String(x))));
  return `${counted(evaluation.queries, 'query', 'queries')}, ${counted(evaluation.documents, 'document', 'documents')}, ${counted(evaluation.features.length, 'feature', 'features')}, ties ${evaluation.ties}\n${table([header, ...text])}`;
}

/** CSV: a header, then one row per feature (full precision). */
export function formatFeaturesCsv(evaluation: FeaturesEvaluation): string {
  const { header, rows } = columns(evaluation);
  return `${[header, ...rows].map((r) => r.map((x) => csvField(String(x))).join(',')).join('\n')}\n`;
}
