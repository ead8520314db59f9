// The addon's argument checks, made before a kernel reads memory: typed array kinds, lengths,
// offsets that cut the entries into queries, a plan whose codes, columns and slots stay inside
// the group table and the constants. A check returns what is wrong (empty: nothing).
#pragma once
#include <napi.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "kernels/codes.hpp"
#include "kernels/plan.hpp"
#include "queryParts.hpp"

namespace tie_eval {

inline bool isTyped(const Napi::Value& v, napi_typedarray_type type) {
  return v.IsTypedArray() && v.As<Napi::TypedArray>().TypedArrayType() == type;
}

inline bool isLabelArray(const Napi::Value& v) {
  return isTyped(v, napi_uint8_array) || isTyped(v, napi_int32_array) || isTyped(v, napi_float64_array);
}

inline size_t lengthOf(const Napi::Value& v) { return v.As<Napi::TypedArray>().ElementLength(); }

inline bool isCount(double x, double max) { return std::isfinite(x) && std::trunc(x) == x && x >= 0 && x <= max; }

/** Offsets cutting `length` entries into queries: >= 1 values from 0, non-decreasing, ending at length. */
inline std::string checkOffsets(const Napi::Value& v, size_t length, const char* what) {
  if (!isTyped(v, napi_uint32_array)) return std::string(what) + " must be a Uint32Array";
  const auto offsets = v.As<Napi::Uint32Array>();
  const size_t count = offsets.ElementLength();
  if (count == 0) return std::string(what) + " must hold Q + 1 values";
  const uint32_t* o = offsets.Data();
  if (o[0] != 0) return std::string(what) + "[0] must be 0";
  for (size_t q = 1; q < count; q++) {
    if (o[q] < o[q - 1]) return std::string(what) + " must not decrease (at " + std::to_string(q) + ")";
  }
  if (o[count - 1] != length) return std::string(what) + " must end at the entry count " + std::to_string(length);
  if (length > 0x7fffffff) return std::string(what) + ": more than 2^31 - 1 entries";
  return "";
}

/**
 * The packed plan: consistent counts, levels >= 1, and each measure row within its kind's rule
 * (MEASURE_RULES, generated from the measure table): cut-off, depth code, relevance column, gain
 * column and ideal slot where it reads them, and its PARAM field's range.
 */
inline std::string checkPlan(const Napi::Value& v) {
  if (!isTyped(v, napi_float64_array)) return "plan must be a Float64Array";
  const auto array = v.As<Napi::Float64Array>();
  const double* p = array.Data();
  const size_t length = array.ElementLength();
  if (length < HEADER_SIZE || !isCount(p[HEADER_MEASURES], 1 << 20) || !isCount(p[HEADER_LEVELS], 1 << 20) || !isCount(p[HEADER_GAINS], 1 << 20) || !isCount(p[HEADER_CONSTANTS], 1 << 20) || !isCount(p[HEADER_MAX_RANK], 4294967295.0)) {
    return "plan: malformed header";
  }
  const Plan plan(p);
  const int levels = plan.levels();
  const int gains = plan.gains();
  if (length != static_cast<size_t>(HEADER_SIZE + levels + 2 * gains + ROW_SIZE * plan.measures())) return "plan: length does not match its header";
  if (plan.constantsPerQuery() < levels + 1) return "plan: too few constants per query";
  for (int t = 0; t < levels; t++) if (!isCount(plan.threshold(t), 1e15) || plan.threshold(t) < 1) return "plan: relevance levels must be integers >= 1";
  for (int c = 0; c < gains; c++) {
    if (!isCount(p[HEADER_SIZE + levels + c], GAIN_EXP) || !isCount(plan.gainRel(c), 1e15) || plan.gainRel(c) < 1) return "plan: malformed gain column";
  }
  for (int row = 0; row < plan.measures(); row++) {
    const double kind = plan.rowField(row, ROW_KIND);
    const double cutoff = plan.rowField(row, ROW_CUTOFF);
    const double param = plan.rowField(row, ROW_PARAM);
    const std::string where = "plan: measure row " + std::to_string(row) + ": ";
    if (!isCount(kind, KIND_COUNT - 1)) return where + "unknown kind";
    const MeasureRule& rule = MEASURE_RULES[static_cast<int>(kind)];
    if (!isCount(cutoff, 4294967295.0)) return where + "k must be a non-negative integer";
    if (rule.cutoff == CUTOFF_REQUIRED && cutoff == 0) return where + "k must be a positive integer";
    if (rule.cutoff == CUTOFF_NONE && cutoff != 0) return where + "the measure takes no cut-off";
    if (plan.rowField(row, ROW_DEPTH) != rule.depth) return where + "wrong depth code";
    if (!isCount(plan.rowField(row, ROW_THRESHOLD), levels - 1.0) || levels == 0) return where + "relevance column out of range";
    if (rule.gainColumn && (gains == 0 || !isCount(plan.rowField(row, ROW_GAIN), gains - 1.0))) return where + "gain column out of range";
    const double ideal = plan.rowField(row, ROW_IDEAL);
    if (rule.idealDcg && (!isCount(ideal, plan.constantsPerQuery() - 1.0) || ideal <= levels)) return where + "ideal slot out of range";
    const bool paramOk = !rule.hasParam || (rule.paramInteger ? isCount(param, rule.paramHi) && param >= rule.paramLo : param > rule.paramLo && param < rule.paramHi);
    if (!paramOk) return where + "parameter out of range";
  }
  return "";
}

/** The status argument: an Int32Array of 3 that receives [code, query, position]. */
inline bool isStatus(const Napi::Value& v) { return isTyped(v, napi_int32_array) && lengthOf(v) == 3; }

/** The threads argument: an integer from 1 to MAX_THREADS. */
inline bool isThreads(const Napi::Value& v) { return v.IsNumber() && isCount(v.As<Napi::Number>().DoubleValue(), MAX_THREADS) && v.As<Napi::Number>().DoubleValue() >= 1; }

/** What is wrong with a call's arguments (empty message: nothing), and whether it is a TypeError or a RangeError. */
struct Problem {
  std::string message;
  bool typeError = false;
};

/** The arguments every call has: labels, their offsets, the plan, the constants, the status and the thread count. */
inline Problem checkJudged(const Napi::Value& labels, const Napi::Value& offsets, const Napi::Value& plan, const Napi::Value& constants, const Napi::Value& status, const Napi::Value& threads) {
  if (!isLabelArray(labels)) return {"labels must be a Float64Array, Int32Array or Uint8Array", true};
  std::string error = checkOffsets(offsets, lengthOf(labels), "offsets");
  if (!error.empty()) return {error, !isTyped(offsets, napi_uint32_array)};
  error = checkPlan(plan);
  if (!error.empty()) return {error, !isTyped(plan, napi_float64_array)};
  const size_t queries = lengthOf(offsets) - 1;
  if (!isTyped(constants, napi_float64_array) || lengthOf(constants) != queries * Plan(plan.As<Napi::Float64Array>().Data()).constantsPerQuery()) {
    return {"constants must be a Float64Array of queries x constants per query", true};
  }
  if (!isStatus(status)) return {"status must be an Int32Array of 3", true};
  if (!isThreads(threads)) return {"threads must be an integer from 1 to 256", !threads.IsNumber()};
  return {};
}

/** Step 0's own arguments: the ideal labels, their offsets and R per query (or null). */
inline Problem checkIdeal(const Napi::Value& ideal, const Napi::Value& idealOffsets, const Napi::Value& relevant, size_t queries) {
  if (!isLabelArray(ideal)) return {"ideal labels must be a Float64Array, Int32Array or Uint8Array", true};
  const std::string error = checkOffsets(idealOffsets, lengthOf(ideal), "idealOffsets");
  if (!error.empty()) return {error, !isTyped(idealOffsets, napi_uint32_array)};
  if (lengthOf(idealOffsets) != queries + 1) return {"idealOffsets and offsets must hold the same number of queries", false};
  if (!relevant.IsNull() && (!isTyped(relevant, napi_float64_array) || lengthOf(relevant) != queries)) return {"relevant must be null or a Float64Array of one R per query", true};
  return {};
}

/** Steps 1-3's own arguments: the scores, the tie mode, its keys (trec mode only, else null) and the output. */
inline Problem checkScores(const Napi::Value& scores, const Napi::Value& tieKeys, const Napi::Value& mode, const Napi::Value& out, size_t entries, size_t queries, const Plan& plan) {
  if (!isTyped(scores, napi_float64_array)) return {"scores must be a Float64Array", true};
  if (lengthOf(scores) != entries) return {"scores and labels must have the same length", false};
  if (!mode.IsNumber()) return {"mode must be a number", true};
  const double code = mode.As<Napi::Number>().DoubleValue();
  if (!isCount(code, INPUT)) return {"mode must be an integer tie mode code 0..4", false};
  if (code == TREC ? (!isTyped(tieKeys, napi_int32_array) || lengthOf(tieKeys) != entries) : !tieKeys.IsNull()) {
    return {"tieKeys must be an Int32Array of one key per entry in trec mode, else null", true};
  }
  if (!isTyped(out, napi_float64_array) || lengthOf(out) != queries * plan.measures()) return {"out must be a Float64Array of measures x queries", true};
  return {};
}

}  // namespace tie_eval
