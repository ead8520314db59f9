// The addon's argument checks, made before a kernel reads memory: typed array kinds, lengths,
// offsets that cut the entries into queries, a plan whose codes, columns and slots stay inside
// the group table and the constants. A check returns what is wrong (empty: nothing).
#pragma once
#include <napi.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/codes.hpp"
#include "kernels/plan.hpp"
#include "queryParts.hpp"
#include "typedInfo.hpp"

namespace tie_eval {

inline bool isLabelArray(const Napi::Value& v) {
  return isTyped(v, napi_uint8_array) || isTyped(v, napi_int32_array) || isTyped(v, napi_float64_array);
}

inline bool inRange(double x, double lo, double hi) { return std::isfinite(x) && std::trunc(x) == x && x >= lo && x <= hi; }

/** A typed array's values, copied (empty when it is not of that type). */
template <typename T>
std::vector<T> copyTyped(const Napi::Value& v, napi_typedarray_type type) {
  if (!isTyped(v, type)) return {};
  const T* a = dataOf<T>(v);
  return std::vector<T>(a, a + lengthOf(v));
}

/**
 * A Uint32Array's values, copied (empty when it is not one). The kernels index memory by the
 * offsets, and another thread may write the array (on a SharedArrayBuffer) after it was
 * checked: the checks and the kernels read this copy, never the caller's array again.
 */
inline std::vector<uint32_t> copyOffsets(const Napi::Value& v) { return copyTyped<uint32_t>(v, napi_uint32_array); }

/** Offsets (`v`, its values copied in `o`) cutting `length` entries into queries: >= 1 values from 0, non-decreasing, ending at length. */
inline std::string checkOffsets(const Napi::Value& v, const std::vector<uint32_t>& o, size_t length, const char* what) {
  if (!isTyped(v, napi_uint32_array)) return std::string(what) + " must be a Uint32Array";
  const size_t count = o.size();
  if (count == 0) return std::string(what) + " must hold Q + 1 values";
  if (o[0] != 0) return std::string(what) + "[0] must be 0";
  for (size_t q = 1; q < count; q++) {
    if (o[q] < o[q - 1]) return std::string(what) + " must not decrease (at " + std::to_string(q) + ")";
  }
  if (o[count - 1] != length) return std::string(what) + " must end at the entry count " + std::to_string(length);
  if (length > 0x7fffffff) return std::string(what) + ": more than 2^31 - 1 entries";
  return "";
}

/** Whether a measure row's PARAM is within its rule's range (paramInRange in src/measures/rules.ts). */
inline bool paramInRange(const MeasureRule& rule, double x) {
  if (rule.paramOpen) return x > rule.paramLo && x < rule.paramHi;
  return x >= rule.paramLo && x <= rule.paramHi && (!rule.paramInteger || std::trunc(x) == x);
}

/** What is wrong with measure row `row` of a plan whose header, levels, gain columns and pool checkPlan checked, or nullptr. */
inline const char* rowProblem(const Plan& plan, int row, int levels, int gains, double pool) {
  const double kind = plan.rowField(row, ROW_KIND);
  if (!inRange(kind, 0, KIND_COUNT - 1)) return "unknown kind";
  const MeasureRule& rule = MEASURE_RULES[static_cast<int>(kind)];
  const double cutoff = plan.rowField(row, ROW_CUTOFF);
  const double col = plan.rowField(row, ROW_THRESHOLD);
  const double gain = plan.rowField(row, ROW_GAIN);
  const double slot = plan.rowField(row, ROW_CONSTANT);
  const double param = plan.rowField(row, ROW_PARAM);
  const double extra = plan.rowField(row, ROW_EXTRA);
  const double count = plan.rowField(row, ROW_EXTRA_COUNT);
  const bool hasGain = rule.gainColumn == GAIN_COLUMN_REQUIRED || (rule.gainColumn == GAIN_COLUMN_OPTIONAL && gain != -1);
  const bool hasConstant = rule.constant != CONSTANT_NONE && (rule.gainColumn != GAIN_COLUMN_OPTIONAL || hasGain);
  // with an optional gain column the constant is optional too (RBP's scale: none for raw labels)
  const bool mayLack = rule.gainColumn == GAIN_COLUMN_OPTIONAL && slot == -1;
  if (!inRange(cutoff, 0, 4294967295.0)) return "k must be a non-negative integer";
  if (rule.cutoff == CUTOFF_REQUIRED && cutoff == 0) return "k must be a positive integer";
  if ((rule.cutoff == CUTOFF_NONE || rule.cutoff == CUTOFF_RECALL) && cutoff != 0) return "the measure takes no cut-off";
  if (plan.rowField(row, ROW_DEPTH) != rule.depth) return "wrong depth code";
  if (!inRange(col, 0, levels - 1.0)) return "relevance column out of range";
  if (hasGain ? !inRange(gain, 0, gains - static_cast<double>(rule.gainSpan)) : gain != -1) return "gain column out of range";
  if (hasConstant ? !mayLack && !inRange(slot, levels + 1.0, plan.constantsPerQuery() - static_cast<double>(rule.constantSize)) : slot != -1) return "constant slot out of range";
  if (rule.hasParam && !paramInRange(rule, param)) return "parameter out of range";
  if (rule.levelSpan) {
    if (!(col + param <= levels)) return "relevance levels 1..max must follow its column";
    for (int l = 0; l < param; l++) if (plan.threshold(static_cast<int>(col) + l) != l + 1) return "relevance levels 1..max must follow its column";
  }
  if (!inRange(plan.rowField(row, ROW_FLAGS), 0, ROW_FLAG_JUDGED_ONLY)) return "unknown flags";
  if (rule.needsOrder && (plan.flags() & PLAN_FLAG_NEEDS_ORDER) == 0) return "the plan must order every query";
  if (!inRange(count, rule.extraMin, rule.extraMax) || !inRange(extra, 0, pool - count)) return "pool values out of range";
  return nullptr;
}

/**
 * The packed plan, as checkPlan in src/backends/checkArgs.ts checks it against the measure
 * table's rules (MEASURE_RULES, generated): a length that matches its header, ascending levels
 * >= 1, gain columns whose codes and tables stay in range, known flags, finite pool values, and
 * per row its kind, cut-off, depth code, parameter, columns, constant slot and pool values.
 */
inline std::string checkPlan(const Napi::Value& v) {
  if (!isTyped(v, napi_float64_array)) return "plan must be a Float64Array";
  const double* p = dataOf<double>(v);
  const size_t length = lengthOf(v);
  if (length < HEADER_SIZE || !inRange(p[HEADER_MEASURES], 0, 1 << 20) || !inRange(p[HEADER_LEVELS], 0, 1 << 20) || !inRange(p[HEADER_GAINS], 0, 1 << 20) ||
      !inRange(p[HEADER_CONSTANTS], 0, 1 << 24) || !inRange(p[HEADER_MAX_RANK], 0, 4294967295.0) || !inRange(p[HEADER_FLAGS], 0, PLAN_FLAG_JUDGED_ONLY | PLAN_FLAG_NEEDS_ORDER) ||
      !inRange(p[HEADER_POOL], 0, 1 << 24)) {
    return "plan: malformed header";
  }
  // the length first: a Plan reads its rows as it is made
  if (length != HEADER_SIZE + p[HEADER_LEVELS] + GAIN_SIZE * p[HEADER_GAINS] + ROW_SIZE * p[HEADER_MEASURES] + p[HEADER_POOL]) return "plan: length does not match its header";
  const Plan plan(p);
  const int levels = plan.levels();
  const int gains = plan.gains();
  const double pool = plan.poolSize();
  if (plan.constantsPerQuery() < levels + 1) return "plan: too few constants per query";
  for (int t = 0; t < levels; t++) {
    if (!inRange(plan.threshold(t), 1, 1e15) || (t > 0 && !(plan.threshold(t) > plan.threshold(t - 1)))) return "plan: relevance levels must be ascending integers >= 1";
  }
  for (int i = 0; i < plan.poolSize(); i++) if (!std::isfinite(plan.pool(i))) return "plan: pool values must be finite";
  for (int c = 0; c < gains; c++) {
    const double table = plan.gainField(c, GAIN_FIELD_TABLE);
    // a scaled column's pool pair is its [lo, hi], 0 <= lo < hi (its gains divide by hi - lo)
    const bool scaledOk = plan.gainField(c, GAIN_FIELD_TYPE) != GAIN_SCALED ||
                          (plan.gainField(c, GAIN_FIELD_TABLE_PAIRS) == 1 && table + 1 < pool && plan.pool(static_cast<int>(table)) >= 0 && plan.pool(static_cast<int>(table) + 1) > plan.pool(static_cast<int>(table)));
    if (!scaledOk || !inRange(plan.gainField(c, GAIN_FIELD_TYPE), 0, GAIN_SCALED) || !inRange(plan.gainField(c, GAIN_FIELD_TRANSFORM), 0, TRANSFORM_INDICATOR) || !(plan.gainRel(c) >= 1) ||
        !inRange(table, 0, pool) || !inRange(plan.gainField(c, GAIN_FIELD_TABLE_PAIRS), 0, (pool - table) / 2)) {
      return "plan: malformed gain column " + std::to_string(c);
    }
  }
  for (int row = 0; row < plan.measures(); row++) {
    // the message is made only for a bad row: a string made for each row took about a tenth of a
    // one-query call of six measures
    const char* problem = rowProblem(plan, row, levels, gains, pool);
    if (problem != nullptr) return "plan: measure row " + std::to_string(row) + ": " + problem;
  }
  return "";
}

/**
 * The query constants the evaluation reads beyond plain numbers: each gain-level slot (G,
 * ndcg_rel, Rndcg) must hold a level count 0..IDEAL_LEVELS_MAX and positive integer counts, as
 * step 0 writes them (at most 2^24 ranks in all), so that the kernels' walks stay inside the slot
 * and their discount tables stay small.
 */
inline std::string checkConstants(const double* constants, size_t queries, const Plan& plan) {
  const int per = plan.constantsPerQuery();
  for (int row = 0; row < plan.measures(); row++) {
    if (plan.rowInt(row, ROW_CONSTANT) < 0 || MEASURE_RULES[plan.rowInt(row, ROW_KIND)].constant != CONSTANT_IDEAL_LEVELS) continue;
    for (size_t q = 0; q < queries; q++) {
      const double* slot = constants + q * per + plan.rowInt(row, ROW_CONSTANT);
      if (!inRange(slot[0], 0, IDEAL_LEVELS_MAX)) return "constants: malformed gain levels of query " + std::to_string(q);
      double total = 0;
      for (int l = 0; l < slot[0]; l++) {
        total += slot[2 + 2 * l];
        if (!std::isfinite(slot[1 + 2 * l]) || !inRange(slot[2 + 2 * l], 1, 2147483647.0) || total > 16777216.0) return "constants: malformed gain levels of query " + std::to_string(q);
      }
    }
  }
  return "";
}

/** The status argument: an Int32Array of 3 that receives [code, query, position]. */
inline bool isStatus(const Napi::Value& v) { return isTyped(v, napi_int32_array) && lengthOf(v) == 3; }

/** The threads argument: an integer from 1 to MAX_THREADS. */
inline bool isThreads(const Napi::Value& v) { return v.IsNumber() && inRange(v.As<Napi::Number>().DoubleValue(), 1, MAX_THREADS); }

/** What is wrong with a call's arguments (empty message: nothing), and whether it is a TypeError or a RangeError. */
struct Problem {
  std::string message;
  bool typeError = false;
};

/**
 * The arguments every call has: labels, their offsets, the plan, the constants (null where the
 * addon keeps them: `constantsInside`), the status and the thread count.
 */
inline Problem checkJudged(const Napi::Value& labels, const Napi::Value& offsets, const std::vector<uint32_t>& offsetsCopy, const Napi::Value& plan, const Napi::Value& constants, const Napi::Value& status, const Napi::Value& threads, bool constantsInside = false) {
  if (!isLabelArray(labels)) return {"labels must be a Float64Array, Int32Array or Uint8Array", true};
  std::string error = checkOffsets(offsets, offsetsCopy, lengthOf(labels), "offsets");
  if (!error.empty()) return {error, !isTyped(offsets, napi_uint32_array)};
  error = checkPlan(plan);
  if (!error.empty()) return {error, !isTyped(plan, napi_float64_array)};
  const size_t queries = offsetsCopy.size() - 1;
  if (constantsInside && !constants.IsNull()) return {"constants must be null: evaluateBatch keeps step 0's constants", true};
  if (!constantsInside && (!isTyped(constants, napi_float64_array) || lengthOf(constants) != queries * Plan(dataOf<double>(plan)).constantsPerQuery())) {
    return {"constants must be a Float64Array of queries x constants per query", true};
  }
  if (!isStatus(status)) return {"status must be an Int32Array of 3", true};
  if (!isThreads(threads)) return {"threads must be an integer from 1 to 256", !threads.IsNumber()};
  return {};
}

/** Step 0's own arguments: the ideal labels, their offsets and R per query (or null). */
inline Problem checkIdeal(const Napi::Value& ideal, const Napi::Value& idealOffsets, const std::vector<uint32_t>& idealOffsetsCopy, const Napi::Value& relevant, size_t queries) {
  if (!isLabelArray(ideal)) return {"ideal labels must be a Float64Array, Int32Array or Uint8Array", true};
  const std::string error = checkOffsets(idealOffsets, idealOffsetsCopy, lengthOf(ideal), "idealOffsets");
  if (!error.empty()) return {error, !isTyped(idealOffsets, napi_uint32_array)};
  if (idealOffsetsCopy.size() != queries + 1) return {"idealOffsets and offsets must hold the same number of queries", false};
  if (!relevant.IsNull() && (!isTyped(relevant, napi_float64_array) || lengthOf(relevant) != queries)) return {"relevant must be null or a Float64Array of one R per query", true};
  return {};
}

/** Steps 1-3's own arguments: the scores, the tie mode, its keys (trec mode only, else null) and the output. */
inline Problem checkScores(const Napi::Value& scores, const Napi::Value& tieKeys, const Napi::Value& mode, const Napi::Value& out, size_t entries, size_t queries, const Plan& plan) {
  if (!isTyped(scores, napi_float64_array)) return {"scores must be a Float64Array", true};
  if (lengthOf(scores) != entries) return {"scores and labels must have the same length", false};
  if (!mode.IsNumber()) return {"mode must be a number", true};
  const double code = mode.As<Napi::Number>().DoubleValue();
  if (!inRange(code, 0, SD)) return {"mode must be an integer tie mode code 0..5", false};
  if (code == TREC ? (!isTyped(tieKeys, napi_int32_array) || lengthOf(tieKeys) != entries) : !tieKeys.IsNull()) {
    return {"tieKeys must be an Int32Array of one key per entry in trec mode, else null", true};
  }
  if (!isTyped(out, napi_float64_array) || lengthOf(out) != queries * plan.measures()) return {"out must be a Float64Array of measures x queries", true};
  return {};
}

}  // namespace tie_eval
