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
 * The scratches and threads of one Node environment (main thread, each worker), so workers
 * never share them: one scratch per thread of a call (see runInParts), kept for the next call.
 */
struct AddonData {
  tie_eval::Workers workers;
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

/** What is wrong with a call's arguments (empty message: nothing), and whether it is a TypeError or a RangeError. */
struct Problem {
  std::string message;
  bool typeError = false;
};

/** The arguments every call has: labels, their offsets, the plan, the constants, the status and the thread count. */
Problem checkJudged(const Napi::Value& labels, const Napi::Value& offsets, const Napi::Value& plan, const Napi::Value& constants, const Napi::Value& status, const Napi::Value& threads) {
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
Problem checkIdeal(const Napi::Value& ideal, const Napi::Value& idealOffsets, const Napi::Value& relevant, size_t queries) {
  if (!isLabelArray(ideal)) return {"ideal labels must be a Float64Array, Int32Array or Uint8Array", true};
  const std::string error = checkOffsets(idealOffsets, lengthOf(ideal), "idealOffsets");
  if (!error.empty()) return {error, !isTyped(idealOffsets, napi_uint32_array)};
  if (lengthOf(idealOffsets) != queries + 1) return {"idealOffsets and offsets must hold the same number of queries", false};
  if (!relevant.IsNull() && (!isTyped(relevant, napi_float64_array) || lengthOf(relevant) != queries)) return {"relevant must be null or a Float64Array of one R per query", true};
  return {};
}

/** Steps 1-3's own arguments: the scores, the tie mode, its keys (trec mode only, else null) and the output. */
Problem checkScores(const Napi::Value& scores, const Napi::Value& tieKeys, const Napi::Value& mode, const Napi::Value& out, size_t entries, size_t queries, const Plan& plan) {
  if (!isTyped(scores, napi_float64_array)) return {"scores must be a Float64Array", true};
  if (lengthOf(scores) != entries) return {"scores and labels must have the same length", false};
  if (!mode.IsNumber()) return {"mode must be a number", true};
  const double code = mode.As<Napi::Number>().DoubleValue();
  if (!isCount(code, tie_eval::INPUT)) return {"mode must be an integer tie mode code 0..4", false};
  if (code == tie_eval::TREC ? (!isTyped(tieKeys, napi_int32_array) || lengthOf(tieKeys) != entries) : !tieKeys.IsNull()) {
    return {"tieKeys must be an Int32Array of one key per entry in trec mode, else null", true};
  }
  if (!isTyped(out, napi_float64_array) || lengthOf(out) != queries * plan.measures()) return {"out must be a Float64Array of measures x queries", true};
  return {};
}

/** Calls run(L{}) with the element type L of a label array (checked before). */
template <typename Run>
int withLabelType(const Napi::Value& labels, Run run) {
  const auto type = labels.As<Napi::TypedArray>().TypedArrayType();
  if (type == napi_uint8_array) return run(uint8_t{});
  if (type == napi_int32_array) return run(int32_t{});
  return run(double{});
}

/**
 * A call's arrays as plain pointers: the threads of runInParts must not touch N-API objects.
 * `ideal` and `relevant` are for step 0, `scores`, `tieKeys` and `out` for steps 1-3 (null when unused).
 */
template <typename L, typename I>
struct Arrays {
  const L* labels = nullptr;
  const uint32_t* offsets = nullptr;
  int64_t queries = 0;
  const I* ideal = nullptr;
  const uint32_t* idealOffsets = nullptr;
  const double* relevant = nullptr;
  const double* scores = nullptr;
  const int32_t* tieKeys = nullptr;
  double* constants = nullptr;
  double* out = nullptr;
};

template <typename L, typename I>
Arrays<L, I> judgedArrays(const Napi::Value& labels, const Napi::Value& offsets, const Napi::Value& constants) {
  Arrays<L, I> a;
  a.labels = labels.As<Napi::TypedArrayOf<L>>().Data();
  a.offsets = offsets.As<Napi::Uint32Array>().Data();
  a.queries = static_cast<int64_t>(lengthOf(offsets)) - 1;
  a.constants = constants.As<Napi::Float64Array>().Data();
  return a;
}

template <typename L, typename I>
void addIdeal(Arrays<L, I>& a, const Napi::Value& ideal, const Napi::Value& idealOffsets, const Napi::Value& relevant) {
  a.ideal = ideal.As<Napi::TypedArrayOf<I>>().Data();
  a.idealOffsets = idealOffsets.As<Napi::Uint32Array>().Data();
  a.relevant = relevant.IsNull() ? nullptr : relevant.As<Napi::Float64Array>().Data();
}

template <typename L, typename I>
void addScores(Arrays<L, I>& a, const Napi::Value& scores, const Napi::Value& tieKeys, const Napi::Value& out) {
  a.scores = scores.As<Napi::Float64Array>().Data();
  a.tieKeys = tieKeys.IsNull() ? nullptr : tieKeys.As<Napi::Int32Array>().Data();
  a.out = out.As<Napi::Float64Array>().Data();
}

template <typename L, typename I>
int prepareRange(const Arrays<L, I>& a, const Plan& plan, int64_t first, int64_t last, Scratch& s, int32_t* status) {
  return tie_eval::prepareQueries(a.labels, a.offsets, first, last, a.ideal, a.idealOffsets, a.relevant, plan, s, a.constants, status);
}

template <typename L, typename I>
int evaluateRange(const Arrays<L, I>& a, const Plan& plan, int mode, int64_t first, int64_t last, Scratch& s, int32_t* status) {
  return tie_eval::evaluateQueries(a.scores, a.labels, a.offsets, a.queries, first, last, a.tieKeys, mode, plan, a.constants, s, a.out, status);
}

Napi::Value failWith(Napi::Env env, const Problem& p) { return fail(env, p.typeError, p.message); }

tie_eval::Workers& workersOf(Napi::Env env) { return env.GetInstanceData<AddonData>()->workers; }

int threadsOf(const Napi::Value& v) { return v.As<Napi::Number>().Int32Value(); }

/** prepareQueries' nine arguments, which evaluateBatch's begin with. */
Problem checkPrepareArgs(const Napi::CallbackInfo& info) {
  const Problem problem = checkJudged(info[0], info[1], info[5], info[6], info[7], info[8]);
  return problem.message.empty() ? checkIdeal(info[2], info[3], info[4], lengthOf(info[1]) - 1) : problem;
}

/** Calls run(arrays) with the arrays of prepareQueries' arguments (checked before), typed. */
template <typename Run>
int withPrepareArrays(const Napi::CallbackInfo& info, Run run) {
  return withLabelType(info[0], [&](auto label) {
    return withLabelType(info[2], [&](auto idealLabel) {
      auto a = judgedArrays<decltype(label), decltype(idealLabel)>(info[0], info[1], info[6]);
      addIdeal(a, info[2], info[3], info[4]);
      return run(a);
    });
  });
}

/** prepareQueries(labels, offsets, ideal, idealOffsets, relevant | null, plan, constants, status, threads) -> code; status gets [code, query, position] */
Napi::Value PrepareQueries(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() != 9) return fail(env, true, "prepareQueries takes 9 arguments");
  const Problem problem = checkPrepareArgs(info);
  if (!problem.message.empty()) return failWith(env, problem);
  const Plan plan(info[5].As<Napi::Float64Array>().Data());
  int32_t* status = info[7].As<Napi::Int32Array>().Data();
  const int code = withPrepareArrays(info, [&](const auto& a) {
    return tie_eval::runInParts(a.offsets, a.queries, threadsOf(info[8]), workersOf(env), status, [&](int64_t first, int64_t last, Scratch& s, int32_t* part) {
      prepareRange(a, plan, first, last, s, part);
    });
  });
  return Napi::Number::New(env, code);
}

/** evaluateQueries(scores, labels, offsets, tieKeys | null, mode, plan, constants, out, status, threads) -> code; status gets [code, query, position] */
Napi::Value EvaluateQueries(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() != 10) return fail(env, true, "evaluateQueries takes 10 arguments");
  Problem problem = checkJudged(info[1], info[2], info[5], info[6], info[8], info[9]);
  if (!problem.message.empty()) return failWith(env, problem);
  const Plan plan(info[5].As<Napi::Float64Array>().Data());
  problem = checkScores(info[0], info[3], info[4], info[7], lengthOf(info[1]), lengthOf(info[2]) - 1, plan);
  if (!problem.message.empty()) return failWith(env, problem);
  const int mode = static_cast<int>(info[4].As<Napi::Number>().DoubleValue());
  int32_t* status = info[8].As<Napi::Int32Array>().Data();
  const int code = withLabelType(info[1], [&](auto label) {
    auto a = judgedArrays<decltype(label), double>(info[1], info[2], info[6]);
    addScores(a, info[0], info[3], info[7]);
    return tie_eval::runInParts(a.offsets, a.queries, threadsOf(info[9]), workersOf(env), status, [&](int64_t first, int64_t last, Scratch& s, int32_t* part) {
      evaluateRange(a, plan, mode, first, last, s, part);
    });
  });
  return Napi::Number::New(env, code);
}

/**
 * evaluateBatch(labels, offsets, ideal, idealOffsets, relevant | null, plan, constants, status, threads, scores, tieKeys | null, mode, out) -> code:
 * prepareQueries' arguments, then evaluateQueries' own. Step 0 and steps 1-3 chunk by chunk,
 * while a chunk's labels are in cache, and on the threads once. On bad input the status names
 * the lowest query that failed either step, where the two calls would name step 0's first: the
 * caller makes them to word the error.
 */
Napi::Value EvaluateBatch(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  if (info.Length() != 13) return fail(env, true, "evaluateBatch takes 13 arguments");
  Problem problem = checkPrepareArgs(info);
  if (!problem.message.empty()) return failWith(env, problem);
  const Plan plan(info[5].As<Napi::Float64Array>().Data());
  problem = checkScores(info[9], info[10], info[11], info[12], lengthOf(info[0]), lengthOf(info[1]) - 1, plan);
  if (!problem.message.empty()) return failWith(env, problem);
  const int mode = static_cast<int>(info[11].As<Napi::Number>().DoubleValue());
  int32_t* status = info[7].As<Napi::Int32Array>().Data();
  const int code = withPrepareArrays(info, [&](auto& a) {
    addScores(a, info[9], info[10], info[12]);
    return tie_eval::runInParts(a.offsets, a.queries, threadsOf(info[8]), workersOf(env), status, [&](int64_t first, int64_t last, Scratch& s, int32_t* part) {
      if (prepareRange(a, plan, first, last, s, part) == tie_eval::STATUS_OK) evaluateRange(a, plan, mode, first, last, s, part);
    });
  });
  return Napi::Number::New(env, code);
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  env.SetInstanceData(new AddonData());
  exports.Set("prepareQueries", Napi::Function::New(env, PrepareQueries));
  exports.Set("evaluateQueries", Napi::Function::New(env, EvaluateQueries));
  exports.Set("evaluateBatch", Napi::Function::New(env, EvaluateBatch));
  tie_eval::TrecReaderBinding::Init(env, exports);
  // which countGroups loop this process runs: "avx2" or "baseline" (test/vectorPath.test.ts)
  exports.Set("vectorPath", Napi::String::New(env, tie_eval::useAvx2() ? "avx2" : "baseline"));
  return exports;
}

}  // namespace

NODE_API_MODULE(tie_eval, Init)
