import { ApNorm, Gain, MEASURES } from './catalog.js';
import type { MeasureSpec } from './parse.js';

/** The canonical ir_measures name of a spec, parameters that differ from their defaults only: `P(rel=2)@5`, `nDCG(gain=exp)@10`. */
export function formatMeasure(spec: MeasureSpec): string {
  const info = MEASURES.find((m) => m.kind === spec.kind)!;
  const params: string[] = [];
  if (spec.rel !== 1) params.push(`rel=${spec.rel}`);
  if (spec.norm !== ApNorm.R) params.push(`norm=${spec.norm === ApNorm.MIN ? 'min' : 'found'}`);
  if (spec.gain !== Gain.LINEAR) params.push('gain=exp');
  if (info.params.some((p) => p.name === 'p') && spec.p !== 0.8) params.push(`p=${spec.p}`);
  return `${info.name}${params.length > 0 ? `(${params.join(',')})` : ''}${spec.cutoff > 0 ? `@${spec.cutoff}` : ''}`;
}
