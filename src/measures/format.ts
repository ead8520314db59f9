import type { MeasureSpec } from './parse.js';

/** The canonical ir_measures name of a spec, parameters that differ from their defaults only: `P(rel=2)@5`, `nDCG(gain=exp)@10`. */
export function formatMeasure(spec: MeasureSpec): string {
  const params = spec.measure.params.filter((p) => spec[p.name as keyof MeasureSpec] !== p.default).map((p) => `${p.name}=${p.format(spec[p.name as keyof MeasureSpec] as number)}`);
  return `${spec.measure.name}${params.length > 0 ? `(${params.join(',')})` : ''}${spec.cutoff > 0 ? `@${spec.cutoff}` : ''}`;
}
