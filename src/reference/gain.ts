import { Gain, GainTransform } from '../measures/codes.js';
import type { Plan } from '../measures/plan.js';

/**
 * The gain of a label in gain column `c`: linear `l` or exp `2^l - 1`, 0 below the column's
 * relevance level; a table's gain for a judged label it lists, else linear, and of that its
 * positive part or its sign as the column's transform says; for the pool column, 1 when the
 * document is judged unjudged (label <= -2), else 0; scaled: the label clipped to the pool's
 * [lo, hi], less lo, over hi - lo (an unjudged document's as lo: 0).
 */
export function gainOf(label: number, plan: Plan, c: number): number {
  const type = plan.gainType[c]!;
  if (type === Gain.POOL) return label <= -2 ? 1 : 0;
  const rel = plan.gainRel[c]!;
  let gain = type === Gain.EXP ? (label < rel ? 0 : 2 ** label - 1) : label < rel ? 0 : label;
  if (type === Gain.SCALED) {
    const lo = plan.pool[plan.gainTable[c]!]!;
    const hi = plan.pool[plan.gainTable[c]! + 1]!;
    gain = (Math.min(Math.max(label, lo), hi) - lo) / (hi - lo);
  }
  if (type === Gain.TABLE && label >= 0) {
    const at = plan.gainTable[c]!;
    for (let i = 0; i < plan.gainTablePairs[c]!; i++) if (plan.pool[at + 2 * i] === label) gain = plan.pool[at + 2 * i + 1]!;
  }
  const transform = plan.gainTransform[c]!;
  return transform === GainTransform.VALUE ? gain : transform === GainTransform.POSITIVE ? Math.max(gain, 0) : gain > 0 ? 1 : 0;
}
