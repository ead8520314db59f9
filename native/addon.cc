// The N-API face of the kernels: reads typed arrays in place (Napi::TypedArrayOf::Data()
// already applies byteOffset), checks every argument before a kernel touches memory, and
// reports bad calls as JavaScript TypeError / RangeError, never by crashing.
#include <napi.h>

#include <cmath>
#include <cstdint>
#include <string>

#include "kernels.hpp"
#include "queryParts.hpp"
#include "trecReaderBinding.hpp"

namespace {

using tie_eval::Plan;
using tie_eval::Scratch;

/**
 * The scratches of one Node environment (main thread, each worker), so workers never share
 * them: one per thread of a call (see runInParts), kept for the next call.
 */
struct AddonData {
  std::vector<Scratch> scratches = std::vector<Scratch>(1);
};

Napi::Value fail(Napi::Env env, bool typeError, const std::string& message) {
  if (typeError) Napi::TypeError::New(env, message).ThrowAsJavaScriptException();
  else Napi::RangeError::New(env, message).ThrowAsJavaScriptException();
  return env.Null();
}

bool isTyped(const Napi::Value& v, napi_typedarray_type type) {
  return v.IsTypedArray() && v.As<Napi::TypedArray>().TypedArrayType() == type;
}

bool isLabelArray(const Napi::Value& v) {
  return isTyped(v, napi_uint8_array) || isTyped(v, napi_int32_array) || isTyped(v, napi_float64_array);
}

size_t lengthOf(const Napi::Value& v) { return v.As<Napi::TypedArray>().ElementLength(); }

bool isCount(double x, double max) { return std::isfinite(x) && std::trunc(x) == x && x >= 0 && x <= max; }

/** Offsets cutting `length` entries into queries: >= 1 values from 0, non-decreasing, ending at length. */
std::string checkOffsets(const Napi::Value& v, size_t length, const char* what) {
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

/** The packed plan: consistent counts, levels >= 1, valid codes, columns and slots in range. */
std::string checkPlan(const Napi::Value& v) {
  if (!isTyped(v, napi_float64_array)) return "plan must be a Float64Array";
  const auto array = v.As<Napi::Float64Array>();
  const double* p = array.Data();
  const size_t length = array.ElementLength();
  if (length < 4 || !isCount(p[0], 1 << 20) || !isCount(p[1], 1 << 20) || !isCount(p[2], 1 << 20) || !isCount(p[3], 1 << 20)) return "plan: malformed header";
  const Plan plan(p);
  const int levels = plan.levels();
  const int gains = plan.gains();
  if (length != static_cast<size_t>(4 + levels + 2 * gains + tie_eval::ROW_SIZE * plan.measures())) return "plan: length does not match its header";
  if (plan.constantsPerQuery() < levels + 1) return "plan: too few constants per query";
  for (int t = 0; t < levels; t++) if (!isCount(plan.threshold(t), 1e15) || plan.threshold(t) < 1) return "plan: relevance levels must be integers >= 1";
  for (int c = 0; c < gains; c++) {
    if (!isCount(p[4 + levels + c], tie_eval::GAIN_EXP) || !isCount(plan.gainRel(c), 1e15) || plan.gainRel(c) < 1) return "plan: malformed gain column";
  }
  for (int row = 0; row < plan.measures(); row++) {
    const double kind = plan.rowField(row, tie_eval::ROW_KIND);
    const double cutoff = plan.rowField(row, tie_eval::ROW_CUTOFF);
    const double col = plan.rowField(row, tie_eval::ROW_THRESHOLD);
    const double gain = plan.rowField(row, tie_eval::ROW_GAIN);
    const double param = plan.rowField(row, tie_eval::ROW_PARAM);
    const double ideal = plan.rowField(row, tie_eval::ROW_IDEAL);
    const std::string where = "plan: measure row " + std::to_string(row) + ": ";
    if (!isCount(kind, tie_eval::KIND_SUCCESS)) return where + "unknown kind";
    const int k = static_cast<int>(kind);
    if (!isCount(cutoff, 4294967295.0)) return where + "k must be a non-negative integer";
    if ((k == tie_eval::KIND_P || k == tie_eval::KIND_R || k == tie_eval::KIND_F1 || k == tie_eval::KIND_SUCCESS) && cutoff == 0) return where + "k must be a positive integer";
    if (!isCount(col, levels - 1.0) || levels == 0) return where + "relevance column out of range";
    if ((k == tie_eval::KIND_DCG || k == tie_eval::KIND_NDCG) && (gains == 0 || !isCount(gain, gains - 1.0))) return where + "gain column out of range";
    if (k == tie_eval::KIND_NDCG && (!isCount(ideal, plan.constantsPerQuery() - 1.0) || ideal <= levels)) return where + "ideal slot out of range";
    if (k == tie_eval::KIND_AP && !isCount(param, tie_eval::NORM_FOUND)) return where + "unknown AP norm";
    if (k == tie_eval::KIND_RBP && !(param > 0 && param < 1)) return where + "RBP p must be in (0, 1)";
  }
  return "";
}

/** The status argument: an Int32Array of 3 that receives [code, query, position]. */
bool isStatus(const Napi::Value& v) { return isTyped(v, napi_int32_array) && lengthOf(v) == 3; }

/** The threads argument: an integer from 1 to MAX_THREADS. */
bool isThreads(const Napi::Value& v) { return v.IsNumber() && isCount(v.As<Napi::Number>().DoubleValue(), tie_eval::MAX_THREADS) && v.As<Napi::Number>().DoubleValue() >= 1; }

template <typename L, typename I>
int runPrepare(const Napi::CallbackInfo& info, std::vector<Scratch>& scratches, const Plan& plan, double* constants, int32_t* status) {
  // plain pointers only: the threads of runInParts must not touch N-API objects
  const auto offsetArray = info[1].As<Napi::Uint32Array>();
  const uint32_t* offsets = offsetArray.Data();
  const L* labels = info[0].As<Napi::TypedArrayOf<L>>().Data();
  const I* ideal = info[2].As<Napi::TypedArrayOf<I>>().Data();
  const uint32_t* idealOffsets = info[3].As<Napi::Uint32Array>().Data();
  const double* relevant = info[4].IsNull() ? nullptr : info[4].As<Napi::Float64Array>().Data();
  const int threads = info[8].As<Napi::Number>().Int32Value();
  return tie_eval::runInParts(offsets, static_cast<int64_t>(offsetArray.ElementLength()) - 1, threads, scratches, status, [&](int64_t first, int64_t last, Scratch& s, int32_t* partStatus) {
    tie_eval::prepareQueries(labels, offsets, first, last, ideal, idealOffsets, relevant, plan, s, constants, partStatus);
  });
}

template <typename L>
int runPrepareIdeal(const Napi::CallbackInfo& info, std::vector<Scratch>& scratches, const Plan& plan, double* constants, int32_t* status) {
  const auto type = info[2].As<Napi::TypedArray>().TypedArrayType();
  if (type == napi_uint8_array) return runPrepare<L, uint8_t>(info, scratches, plan, constants, status);
  if (type == napi_int32_array) return runPrepare<L, int32_t>(info, scratches, plan, constants, status);
  return runPrepare<L, double>(info, scratches, plan, constants, status);
}

/** prepareQueries(labels, offsets, ideal, idealOffsets, relevant | null, plan, constants, status, threads) -> code; status gets [code, query, position] */
Napi::Value PrepareQueries(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() != 9) return fail(env, true, "prepareQueries takes 9 arguments");
  if (!isLabelArray(info[0]) || !isLabelArray(info[2])) return fail(env, true, "labels and ideal labels must be Float64Array, Int32Array or Uint8Array");
  std::string error = checkOffsets(info[1], lengthOf(info[0]), "offsets");
  if (error.empty()) error = checkOffsets(info[3], lengthOf(info[2]), "idealOffsets");
  if (!error.empty()) return fail(env, !isTyped(info[1], napi_uint32_array) || !isTyped(info[3], napi_uint32_array), error);
  const size_t queries = lengthOf(info[1]) - 1;
  if (lengthOf(info[3]) != queries + 1) return fail(env, false, "idealOffsets and offsets must hold the same number of queries");
  if (!info[4].IsNull() && (!isTyped(info[4], napi_float64_array) || lengthOf(info[4]) != queries)) return fail(env, true, "relevant must be null or a Float64Array of one R per query");
  error = checkPlan(info[5]);
  if (!error.empty()) return fail(env, !isTyped(info[5], napi_float64_array), error);
  const Plan plan(info[5].As<Napi::Float64Array>().Data());
  if (!isTyped(info[6], napi_float64_array) || lengthOf(info[6]) != queries * plan.constantsPerQuery()) return fail(env, true, "constants must be a Float64Array of queries x constants per query");
  if (!isStatus(info[7])) return fail(env, true, "status must be an Int32Array of 3");
  if (!isThreads(info[8])) return fail(env, !info[8].IsNumber(), "threads must be an integer from 1 to 256");
  std::vector<Scratch>& scratches = env.GetInstanceData<AddonData>()->scratches;
  double* constants = info[6].As<Napi::Float64Array>().Data();
  int32_t* status = info[7].As<Napi::Int32Array>().Data();
  const auto type = info[0].As<Napi::TypedArray>().TypedArrayType();
  if (type == napi_uint8_array) return Napi::Number::New(env, runPrepareIdeal<uint8_t>(info, scratches, plan, constants, status));
  if (type == napi_int32_array) return Napi::Number::New(env, runPrepareIdeal<int32_t>(info, scratches, plan, constants, status));
  return Napi::Number::New(env, runPrepareIdeal<double>(info, scratches, plan, constants, status));
}

template <typename L>
int runEvaluate(const Napi::CallbackInfo& info, std::vector<Scratch>& scratches, const Plan& plan, int mode) {
  // plain pointers only: the threads of runInParts must not touch N-API objects
  const auto offsetArray = info[2].As<Napi::Uint32Array>();
  const uint32_t* offsets = offsetArray.Data();
  const int64_t queries = static_cast<int64_t>(offsetArray.ElementLength()) - 1;
  const double* scores = info[0].As<Napi::Float64Array>().Data();
  const L* labels = info[1].As<Napi::TypedArrayOf<L>>().Data();
  const int32_t* tieKeys = info[3].IsNull() ? nullptr : info[3].As<Napi::Int32Array>().Data();
  const double* constants = info[6].As<Napi::Float64Array>().Data();
  double* out = info[7].As<Napi::Float64Array>().Data();
  const int threads = info[9].As<Napi::Number>().Int32Value();
  int32_t* status = info[8].As<Napi::Int32Array>().Data();
  return tie_eval::runInParts(offsets, queries, threads, scratches, status, [&](int64_t first, int64_t last, Scratch& s, int32_t* partStatus) {
    tie_eval::evaluateQueries(scores, labels, offsets, queries, first, last, tieKeys, mode, plan, constants, s, out, partStatus);
  });
}

/** evaluateQueries(scores, labels, offsets, tieKeys | null, mode, plan, constants, out, status, threads) -> code; status gets [code, query, position] */
Napi::Value EvaluateQueries(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() != 10) return fail(env, true, "evaluateQueries takes 10 arguments");
  if (!isTyped(info[0], napi_float64_array)) return fail(env, true, "scores must be a Float64Array");
  if (!isLabelArray(info[1])) return fail(env, true, "labels must be a Float64Array, Int32Array or Uint8Array");
  const size_t entries = lengthOf(info[0]);
  if (lengthOf(info[1]) != entries) return fail(env, false, "scores and labels must have the same length");
  std::string error = checkOffsets(info[2], entries, "offsets");
  if (!error.empty()) return fail(env, !isTyped(info[2], napi_uint32_array), error);
  const size_t queries = lengthOf(info[2]) - 1;
  if (!info[4].IsNumber()) return fail(env, true, "mode must be a number");
  const double mode = info[4].As<Napi::Number>().DoubleValue();
  if (!isCount(mode, tie_eval::INPUT)) return fail(env, false, "mode must be an integer tie mode code 0..4");
  if (mode == tie_eval::TREC ? (!isTyped(info[3], napi_int32_array) || lengthOf(info[3]) != entries) : !info[3].IsNull()) {
    return fail(env, true, "tieKeys must be an Int32Array of one key per entry in trec mode, else null");
  }
  error = checkPlan(info[5]);
  if (!error.empty()) return fail(env, !isTyped(info[5], napi_float64_array), error);
  const Plan plan(info[5].As<Napi::Float64Array>().Data());
  if (!isTyped(info[6], napi_float64_array) || lengthOf(info[6]) != queries * plan.constantsPerQuery()) return fail(env, true, "constants must be a Float64Array of queries x constants per query");
  if (!isTyped(info[7], napi_float64_array) || lengthOf(info[7]) != queries * plan.measures()) return fail(env, true, "out must be a Float64Array of measures x queries");
  if (!isStatus(info[8])) return fail(env, true, "status must be an Int32Array of 3");
  if (!isThreads(info[9])) return fail(env, !info[9].IsNumber(), "threads must be an integer from 1 to 256");
  std::vector<Scratch>& scratches = env.GetInstanceData<AddonData>()->scratches;
  const auto type = info[1].As<Napi::TypedArray>().TypedArrayType();
  const int m = static_cast<int>(mode);
  if (type == napi_uint8_array) return Napi::Number::New(env, runEvaluate<uint8_t>(info, scratches, plan, m));
  if (type == napi_int32_array) return Napi::Number::New(env, runEvaluate<int32_t>(info, scratches, plan, m));
  return Napi::Number::New(env, runEvaluate<double>(info, scratches, plan, m));
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  env.SetInstanceData(new AddonData());
  exports.Set("prepareQueries", Napi::Function::New(env, PrepareQueries));
  exports.Set("evaluateQueries", Napi::Function::New(env, EvaluateQueries));
  tie_eval::TrecReaderBinding::Init(env, exports);
  return exports;
}

}  // namespace

NODE_API_MODULE(tie_eval, Init)
