#pragma once
#include <algorithm>
#include <cmath>
#include "codes.hpp"
#include "plan.hpp"

namespace tie_eval {

/**
 * The gain of a label in gain column `c`: linear `l` or exp `2^l - 1`, 0 below the column's
 * relevance level; a table's gain for a judged label it lists, else linear, and of that its
 * positive part or its sign as the column's transform says; for the pool column, 1 when the
 * document is judged unjudged (label <= -2), else 0; scaled: the label clipped to the pool's
 * [lo, hi], less lo, over hi - lo (an unjudged document's as lo: 0).
 */
inline double gainOf(double label, const Plan& plan, int c) {
  const int type = plan.gainType(c);
  if (type == GAIN_POOL) return label <= -2 ? 1 : 0;
  const double rel = plan.gainRel(c);
  double gain = type == GAIN_EXP ? (label < rel ? 0 : std::pow(2.0, label) - 1) : label < rel ? 0 : label;
  if (type == GAIN_SCALED) {
    const double lo = plan.pool(static_cast<int>(plan.gainField(c, GAIN_FIELD_TABLE)));
    const double hi = plan.pool(static_cast<int>(plan.gainField(c, GAIN_FIELD_TABLE)) + 1);
    gain = (std::min(std::max(label, lo), hi) - lo) / (hi - lo);
  }
  if (type == GAIN_TABLE && label >= 0) {
    const int at = static_cast<int>(plan.gainField(c, GAIN_FIELD_TABLE));
    const int pairs = static_cast<int>(plan.gainField(c, GAIN_FIELD_TABLE_PAIRS));
    for (int i = 0; i < pairs; i++) if (plan.pool(at + 2 * i) == label) gain = plan.pool(at + 2 * i + 1);
  }
  const int transform = plan.gainTransform(c);
  return transform == TRANSFORM_VALUE ? gain : transform == TRANSFORM_POSITIVE ? std::max(gain, 0.0) : gain > 0 ? 1 : 0;
}

}  // namespace tie_eval
