import { GAIN_EXP, GAIN_POOL, GAIN_SCALED, GAIN_TABLE, TRANSFORM_POSITIVE, TRANSFORM_VALUE } from './codes';
import { gainRel, gainTable, gainTablePairs, gainTransform, gainType, pool } from './plan';

/**
 * The gain of a label in gain column `c`: linear `l` or exp `2^l - 1`, 0 below the column's
 * relevance level; a table's gain for a judged label it lists, else linear, and of that its
 * positive part or its sign as the column's transform says; for the pool column, 1 when the
 * document is judged unjudged (label <= -2), else 0; scaled: the label clipped to the pool's
 * [lo, hi], less lo, over hi - lo (an unjudged document's as lo: 0).
 */
@inline export function gainOf(label: f64, c: i32): f64 {
  const type = gainType(c);
  if (type == GAIN_POOL) return label <= -2 ? 1 : 0;
  const rel = gainRel(c);
  let gain: f64 = type == GAIN_EXP ? (label < rel ? 0 : Math.pow(2, label) - 1) : label < rel ? 0 : label;
  if (type == GAIN_SCALED) {
    const lo = pool(gainTable(c));
    const hi = pool(gainTable(c) + 1);
    gain = (Math.min(Math.max(label, lo), hi) - lo) / (hi - lo);
  }
  if (type == GAIN_TABLE && label >= 0) {
    const at = gainTable(c);
    for (let i = 0; i < gainTablePairs(c); i++) if (pool(at + 2 * i) == label) gain = pool(at + 2 * i + 1);
  }
  const transform = gainTransform(c);
  return transform == TRANSFORM_VALUE ? gain : transform == TRANSFORM_POSITIVE ? Math.max(gain, 0) : gain > 0 ? 1 : 0;
}
