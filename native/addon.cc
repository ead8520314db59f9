// The N-API face of the kernels: reads typed arrays in place (typedInfo.hpp: their data with
// byteOffset applied, asked of Node-API once per argument and call), checks every argument
// before a kernel touches memory (checkArgs.hpp), and reports bad calls as JavaScript
// TypeError / RangeError, never by crashing.
#include <napi.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels.hpp"
#include "checkArgs.hpp"
#include "checkDiversity.hpp"
#include "kernels/diversityQueries.hpp"
#include "queryParts.hpp"
#include "trecReaderBinding.hpp"

namespace {

using tie_eval::Plan;
using tie_eval::Scratch;
using tie_eval::Problem;
using tie_eval::checkIdeal;
using tie_eval::checkJudged;
using tie_eval::checkScores;
using tie_eval::lengthOf;

Napi::Value fail(Napi::Env env, bool typeError, const std::string& message) {
  if (typeError) Napi::TypeError::New(env, message).ThrowAsJavaScriptException();
  else Napi::RangeError::New(env, message).ThrowAsJavaScriptException();
  return env.Null();
}

/** Calls run(L{}) with the element type L of a label array (checked before). */
template <typename Run>
int withLabelType(const Napi::Value& labels, Run run) {
  const auto type = tie_eval::typedInfo(labels).type;
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

/** The offsets of a call, copied before they are checked (see copyOffsets): what the kernels index by. */
struct Offsets {
  std::vector<uint32_t> judged;
  std::vector<uint32_t> ideal;
};

/** A batch startBatch handed to the threads: its own offsets and plan, and the threads' shares of its queries. */
struct StartedBatch {
  StartedBatch(Offsets o, std::vector<double> p) : offsets(std::move(o)), packed(std::move(p)), plan(packed.data()) {}
  Offsets offsets;
  std::vector<double> packed;
  Plan plan;
  std::unique_ptr<tie_eval::QueryParts> parts;
};

/**
 * The scratches and threads of one Node environment (main thread, each worker), so workers
 * never share them: one scratch per thread of a call (see runInParts), kept for the next call;
 * and the batch startBatch started, if any (declared first, so it outlives the pool, whose
 * destructor waits for the threads inside it).
 */
struct AddonData {
  std::unique_ptr<StartedBatch> started;
  tie_eval::Workers workers;
  /** the diversity kernel's, on the calling thread */
  tie_eval::DiversityScratch diversity;
};

template <typename L, typename I>
Arrays<L, I> judgedArrays(const Napi::Value& labels, const Offsets& offsets, const Napi::Value& constants) {
  Arrays<L, I> a;
  a.labels = tie_eval::dataOf<L>(labels);
  a.offsets = offsets.judged.data();
  a.queries = static_cast<int64_t>(offsets.judged.size()) - 1;
  a.constants = constants.IsNull() ? nullptr : tie_eval::dataOf<double>(constants);
  return a;
}

template <typename L, typename I>
void addIdeal(Arrays<L, I>& a, const Napi::Value& ideal, const Offsets& offsets, const Napi::Value& relevant) {
  a.ideal = tie_eval::dataOf<I>(ideal);
  a.idealOffsets = offsets.ideal.data();
  a.relevant = relevant.IsNull() ? nullptr : tie_eval::dataOf<double>(relevant);
}

template <typename L, typename I>
void addScores(Arrays<L, I>& a, const Napi::Value& scores, const Napi::Value& tieKeys, const Napi::Value& out) {
  a.scores = tie_eval::dataOf<double>(scores);
  a.tieKeys = tieKeys.IsNull() ? nullptr : tie_eval::dataOf<int32_t>(tieKeys);
  a.out = tie_eval::dataOf<double>(out);
}

template <typename L, typename I>
int prepareRange(const Arrays<L, I>& a, const Plan& plan, int64_t first, int64_t last, Scratch& s, int32_t* status) {
  return tie_eval::prepareQueries(a.labels, a.offsets, first, last, a.ideal, a.idealOffsets, a.relevant, plan, s, a.constants, status);
}

template <typename L, typename I>
int evaluateRange(const Arrays<L, I>& a, const Plan& plan, int mode, int64_t first, int64_t last, Scratch& s, int32_t* status) {
  return tie_eval::evaluateQueries(a.scores, a.labels, a.offsets, a.queries, first, last, a.tieKeys, mode, plan, a.constants, s, a.out, status);
}

/**
 * Steps 0-3 for queries [first, last), in slices of about CHUNK_ENTRIES results (a thousand
 * queries of 16), with step 0's constants in this thread's own buffer (a slice's worth, kept for
 * the thread's next calls): a batch's constants, up to a few hundred numbers per query, would be
 * memory written once and read once, its pages first touched for nothing. The kernels see each
 * slice's queries from 0 (the per-query arrays taken from its first, the output from its
 * column); the status names the batch's query.
 */
template <typename L, typename I>
int evaluateSlices(const Arrays<L, I>& a, const Plan& plan, int mode, int64_t first, int64_t last, Scratch& s, int32_t* status) {
  thread_local std::vector<double> constants;
  const int64_t slice = std::max<int64_t>(1, tie_eval::CHUNK_ENTRIES * a.queries / std::max<int64_t>(1, a.offsets[a.queries]));
  for (int64_t from = first; from < last; from += slice) {
    const int64_t count = std::min(slice, last - from);
    constants.resize(static_cast<size_t>(count) * plan.constantsPerQuery());
    Arrays<L, I> part = a;
    part.offsets = a.offsets + from;
    part.idealOffsets = a.idealOffsets + from;
    part.relevant = a.relevant == nullptr ? nullptr : a.relevant + from;
    part.out = a.out + from;
    part.constants = constants.data();
    if (prepareRange(part, plan, 0, count, s, status) != tie_eval::STATUS_OK || evaluateRange(part, plan, mode, 0, count, s, status) != tie_eval::STATUS_OK) {
      status[1] += static_cast<int32_t>(from);
      return status[0];
    }
  }
  return tie_eval::report(status, tie_eval::STATUS_OK, -1, -1);
}

Napi::Value failWith(Napi::Env env, const Problem& p) { return fail(env, p.typeError, p.message); }

tie_eval::Workers& workersOf(Napi::Env env) { return env.GetInstanceData<AddonData>()->workers; }

int threadsOf(const Napi::Value& v) { return v.As<Napi::Number>().Int32Value(); }

/** prepareQueries' nine arguments, which evaluateBatch's begin with (its constants null: `constantsInside`); fills `offsets` with the copies checked. */
Problem checkPrepareArgs(const Napi::CallbackInfo& info, Offsets& offsets, bool constantsInside = false) {
  offsets.judged = tie_eval::copyOffsets(info[1]);
  offsets.ideal = tie_eval::copyOffsets(info[3]);
  const Problem problem = checkJudged(info[0], info[1], offsets.judged, info[5], info[6], info[7], info[8], constantsInside);
  return problem.message.empty() ? checkIdeal(info[2], info[3], offsets.ideal, info[4], offsets.judged.size() - 1) : problem;
}

/** Calls run(arrays) with the arrays of prepareQueries' arguments (checked before), typed. */
template <typename Run>
int withPrepareArrays(const Napi::CallbackInfo& info, const Offsets& offsets, Run run) {
  return withLabelType(info[0], [&](auto label) {
    return withLabelType(info[2], [&](auto idealLabel) {
      auto a = judgedArrays<decltype(label), decltype(idealLabel)>(info[0], offsets, info[6]);
      addIdeal(a, info[2], offsets, info[4]);
      return run(a);
    });
  });
}

/** prepareQueries(labels, offsets, ideal, idealOffsets, relevant | null, plan, constants, status, threads) -> code; status gets [code, query, position] */
Napi::Value PrepareQueries(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const tie_eval::CallScope scope;
  if (info.Length() != 9) return fail(env, true, "prepareQueries takes 9 arguments");
  Offsets offsets;
  const Problem problem = checkPrepareArgs(info, offsets);
  if (!problem.message.empty()) return failWith(env, problem);
  const Plan plan(tie_eval::dataOf<double>(info[5]));
  int32_t* status = tie_eval::dataOf<int32_t>(info[7]);
  const int code = withPrepareArrays(info, offsets, [&](const auto& a) {
    return tie_eval::runInParts(a.offsets, a.queries, threadsOf(info[8]), workersOf(env), status, [&](int64_t first, int64_t last, Scratch& s, int32_t* part) {
      prepareRange(a, plan, first, last, s, part);
    });
  });
  return Napi::Number::New(env, code);
}

/** evaluateQueries(scores, labels, offsets, tieKeys | null, mode, plan, constants, out, status, threads) -> code; status gets [code, query, position] */
Napi::Value EvaluateQueries(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const tie_eval::CallScope scope;
  if (info.Length() != 10) return fail(env, true, "evaluateQueries takes 10 arguments");
  Offsets offsets;
  offsets.judged = tie_eval::copyOffsets(info[2]);
  Problem problem = checkJudged(info[1], info[2], offsets.judged, info[5], info[6], info[8], info[9]);
  if (!problem.message.empty()) return failWith(env, problem);
  const Plan plan(tie_eval::dataOf<double>(info[5]));
  const size_t queries = offsets.judged.size() - 1;
  problem = checkScores(info[0], info[3], info[4], info[7], lengthOf(info[1]), queries, plan);
  if (!problem.message.empty()) return failWith(env, problem);
  // the constants come from the caller here (in evaluateBatch, from step 0)
  problem.message = tie_eval::checkConstants(tie_eval::dataOf<double>(info[6]), queries, plan);
  if (!problem.message.empty()) return failWith(env, problem);
  const int mode = static_cast<int>(info[4].As<Napi::Number>().DoubleValue());
  int32_t* status = tie_eval::dataOf<int32_t>(info[8]);
  const int code = withLabelType(info[1], [&](auto label) {
    auto a = judgedArrays<decltype(label), double>(info[1], offsets, info[6]);
    addScores(a, info[0], info[3], info[7]);
    return tie_eval::runInParts(a.offsets, a.queries, threadsOf(info[9]), workersOf(env), status, [&](int64_t first, int64_t last, Scratch& s, int32_t* part) {
      evaluateRange(a, plan, mode, first, last, s, part);
    });
  });
  return Napi::Number::New(env, code);
}

/** evaluateBatch's 13 arguments checked (see EvaluateBatch); fills `offsets` with the copies checked. */
Problem checkBatchArgs(const Napi::CallbackInfo& info, Offsets& offsets) {
  const Problem problem = checkPrepareArgs(info, offsets, true);
  if (!problem.message.empty()) return problem;
  return checkScores(info[9], info[10], info[11], info[12], lengthOf(info[0]), offsets.judged.size() - 1, Plan(tie_eval::dataOf<double>(info[5])));
}

/** A query range's work in evaluateBatch: step 0 and steps 1-3 slice by slice (evaluateSlices). */
template <typename L, typename I>
tie_eval::QueryRun batchRun(const Arrays<L, I>& a, const Plan& plan, int mode) {
  return [a, &plan, mode](int64_t first, int64_t last, Scratch& s, int32_t* part) { evaluateSlices(a, plan, mode, first, last, s, part); };
}

/** evaluateBatch's job, its arguments checked (checkBatchArgs), on the threads runInParts gives it; returns the code. */
int runBatch(const Napi::CallbackInfo& info, const Offsets& offsets) {
  const Plan plan(tie_eval::dataOf<double>(info[5]));
  const int mode = static_cast<int>(info[11].As<Napi::Number>().DoubleValue());
  int32_t* status = tie_eval::dataOf<int32_t>(info[7]);
  return withPrepareArrays(info, offsets, [&](auto& a) {
    addScores(a, info[9], info[10], info[12]);
    return tie_eval::runInParts(a.offsets, a.queries, threadsOf(info[8]), workersOf(info.Env()), status, batchRun(a, plan, mode));
  });
}

/**
 * evaluateBatch(labels, offsets, ideal, idealOffsets, relevant | null, plan, null, status, threads, scores, tieKeys | null, mode, out) -> code:
 * prepareQueries' arguments, then evaluateQueries' own; the constants are null, as they stay in
 * the addon (see evaluateSlices). Step 0 and steps 1-3 slice by slice, while a slice's labels are
 * in cache, and on the threads once. On bad input the status names the lowest query that
 * failed either step, where the two calls would name step 0's first: the caller makes them to
 * word the error.
 */
Napi::Value EvaluateBatch(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const tie_eval::CallScope scope;
  if (info.Length() != 13) return fail(env, true, "evaluateBatch takes 13 arguments");
  Offsets offsets;
  const Problem problem = checkBatchArgs(info, offsets);
  if (!problem.message.empty()) return failWith(env, problem);
  return Napi::Number::New(env, runBatch(info, offsets));
}

/**
 * startBatch(evaluateBatch's 13 arguments) -> started: evaluateBatch's job handed to the pool's
 * threads, returning at once (true), so that the caller reads its next queries meanwhile; it
 * must keep every array of the call, untouched, until joinBatch. When the job is small, one
 * thread is asked for, or a started job is not yet joined (a call from a getter while the
 * caller reads), the job runs here and now on this thread (false: the status holds its result).
 */
Napi::Value StartBatch(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const tie_eval::CallScope scope;
  if (info.Length() != 13) return fail(env, true, "startBatch takes 13 arguments");
  Offsets offsets;
  const Problem problem = checkBatchArgs(info, offsets);
  if (!problem.message.empty()) return failWith(env, problem);
  AddonData& data = *env.GetInstanceData<AddonData>();
  const int parts = tie_eval::partsFor(offsets.judged.data(), static_cast<int64_t>(offsets.judged.size()) - 1, threadsOf(info[8]), data.workers);
  if (parts == 1) {
    runBatch(info, offsets);
    return Napi::Boolean::New(env, false);
  }
  // the job's own copies of the offsets and the plan; pointers to the caller's other arrays
  const double* packed = tie_eval::dataOf<double>(info[5]);
  data.started = std::make_unique<StartedBatch>(std::move(offsets), std::vector<double>(packed, packed + lengthOf(info[5])));
  StartedBatch& job = *data.started;
  const int mode = static_cast<int>(info[11].As<Napi::Number>().DoubleValue());
  withPrepareArrays(info, job.offsets, [&](auto& a) {
    addScores(a, info[9], info[10], info[12]);
    job.parts = std::make_unique<tie_eval::QueryParts>(a.offsets, a.queries, parts, data.workers, batchRun(a, job.plan, mode));
    return 0;
  });
  // the next chunk comes once the caller has read it: the threads sleep meanwhile
  data.workers.pool.start(parts - 1, *job.parts, false);
  return Napi::Boolean::New(env, true);
}

/** joinBatch(status) -> code: the started batch finished (this thread takes the chunks left) and its status written, as evaluateBatch's. */
Napi::Value JoinBatch(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  const tie_eval::CallScope scope;
  AddonData& data = *env.GetInstanceData<AddonData>();
  if (info.Length() != 1 || !tie_eval::isTyped(info[0], napi_int32_array) || lengthOf(info[0]) < 3) return fail(env, true, "joinBatch takes a status Int32Array of 3");
  if (!data.started) return fail(env, false, "joinBatch: no batch was started");
  (*data.started->parts)(0);
  data.workers.pool.join();
  const int code = data.started->parts->finish(tie_eval::dataOf<int32_t>(info[0]));
  data.started.reset();
  return Napi::Number::New(env, code);
}

/** diversity(rows, subtopics, subtopicCounts, rankingOffsets, ranking, groupOffsets, groupEnds, idealOffsets, ideal, maxRank, sumGroups, measures, discounts, out): the diversity measures (see checkDiversity), on the calling thread */
Napi::Value Diversity(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  tie_eval::DiversityCopies copies;
  const Problem problem = tie_eval::checkDiversity(info, copies);
  if (!problem.message.empty()) return failWith(env, problem);
  const tie_eval::DiversityBatch batch = copies.batch(info[9].As<Napi::Number>().DoubleValue());
  tie_eval::diversityQueries(batch, env.GetInstanceData<AddonData>()->diversity, tie_eval::dataOf<double>(info[13]));
  return env.Undefined();
}

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  env.SetInstanceData(new AddonData());
  exports.Set("prepareQueries", Napi::Function::New(env, PrepareQueries));
  exports.Set("evaluateQueries", Napi::Function::New(env, EvaluateQueries));
  exports.Set("evaluateBatch", Napi::Function::New(env, EvaluateBatch));
  exports.Set("startBatch", Napi::Function::New(env, StartBatch));
  exports.Set("joinBatch", Napi::Function::New(env, JoinBatch));
  exports.Set("diversity", Napi::Function::New(env, Diversity));
  tie_eval::TrecReaderBinding::Init(env, exports);
  // which countGroups loop this process runs: "avx2" or "baseline" (test/vectorPath.test.ts)
  exports.Set("vectorPath", Napi::String::New(env, tie_eval::useAvx2() ? "avx2" : "baseline"));
  return exports;
}

}  // namespace

NODE_API_MODULE(tie_eval, Init)
