import type { ParamName } from './params.js';
import type { MeasureSpec } from './parse.js';

/** The canonical name of a spec, parameters that differ from the measure's defaults only: `P(rel=2)@5`, `nDCG(gain=exp)@10`. */
export function formatMeasure(spec: MeasureSpec): string {
  const params = spec.measure.params.flatMap((p) => {
    if (!('default' in p)) return spec.list.join() !== p.defaultList.join() ? [`${p.name}=${p.format(spec.list)}`] : [];
    const value = spec[(p.field ?? p.name) as ParamName];
    // a gains table stands for the gain; dcg is gain's other spelling
    if (p.field !== undefined || (p.name === 'gain' && spec.list.length > 0)) return [];
    return value === p.default ? [] : [`${p.name}=${p.format(value)}`];
  });
  return `${spec.measure.name}${params.length > 0 ? `(${params.join(',')})` : ''}${spec.cutoff > 0 || spec.measure.cutoff === 'recall' ? `@${spec.cutoff}` : ''}`;
}
