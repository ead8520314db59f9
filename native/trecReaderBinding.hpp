// The N-API face of reader::TrecReader: one object per qrels file, reused for each run. Checks
// every argument before reading memory; a bad call throws a JavaScript TypeError.
#pragma once

#include <napi.h>

#include <cstring>
#include <string>
#include <vector>

#include "reader/runGrouping.hpp"
#include "reader/trecReader.hpp"
#include "typedInfo.hpp"

namespace tie_eval {

class TrecReaderBinding : public Napi::ObjectWrap<TrecReaderBinding> {
 public:
  static void Init(Napi::Env env, Napi::Object exports) {
    exports.Set("TrecReader", DefineClass(env, "TrecReader",
                                          {InstanceMethod("qrels", &TrecReaderBinding::Qrels), InstanceMethod("startRun", &TrecReaderBinding::StartRun),
                                           InstanceMethod("run", &TrecReaderBinding::Run), InstanceMethod("endRun", &TrecReaderBinding::EndRun),
                                           InstanceMethod("take", &TrecReaderBinding::Take), InstanceMethod("judgements", &TrecReaderBinding::Judgements),
                                           InstanceMethod("share", &TrecReaderBinding::Share), InstanceMethod("attach", &TrecReaderBinding::Attach),
                                           InstanceMethod("countRun", &TrecReaderBinding::CountRun), InstanceMethod("runBytes", &TrecReaderBinding::RunBytes),
                                           InstanceMethod("startPass", &TrecReaderBinding::StartPass), InstanceMethod("gather", &TrecReaderBinding::Gather),
                                           InstanceMethod("runGathered", &TrecReaderBinding::RunGathered)}));
  }

  explicit TrecReaderBinding(const Napi::CallbackInfo& info) : Napi::ObjectWrap<TrecReaderBinding>(info) {}

 private:
  reader::TrecReader reader_;
  /** a run not grouped by query, read in passes (countRun, then startPass, gather and runGathered for each) */
  reader::RunGrouping grouping_;

  /** qrels(chunk: Uint8Array, info: Float64Array) -> problem code */
  Napi::Value Qrels(const Napi::CallbackInfo& info) { return feed(info, false); }

  /** run(chunk: Uint8Array, info: Float64Array) -> problem code */
  Napi::Value Run(const Napi::CallbackInfo& info) { return feed(info, true); }

  /** startRun(judgedOnly: boolean, tieKeys: boolean) */
  Napi::Value StartRun(const Napi::CallbackInfo& info) {
    if (info.Length() != 2 || !info[0].IsBoolean() || !info[1].IsBoolean()) return fail(info.Env(), "startRun(judgedOnly, tieKeys) takes two booleans");
    reader_.startRun(info[0].As<Napi::Boolean>().Value(), info[1].As<Napi::Boolean>().Value());
    return info.Env().Undefined();
  }

  /** share() -> token: the judgements, frozen, for readers on other threads (attach) while this reader lives */
  Napi::Value Share(const Napi::CallbackInfo& info) { return Napi::Number::New(info.Env(), reader_.share()); }

  /** attach(token): read runs against the judgements another reader shared; throws when they are gone */
  Napi::Value Attach(const Napi::CallbackInfo& info) {
    if (info.Length() != 1 || !info[0].IsNumber()) return fail(info.Env(), "attach(token) takes the number share() gave");
    if (!reader_.attach(info[0].As<Napi::Number>().DoubleValue())) return fail(info.Env(), "attach: no shared judgements live under that token");
    return info.Env().Undefined();
  }

  /** endRun(): the last query goes to the output */
  Napi::Value EndRun(const Napi::CallbackInfo& info) {
    reader_.endRun();
    return info.Env().Undefined();
  }

  /**
   * take() -> [qids, groups: Int32Array, offsets: Uint32Array, scores: Float64Array, labels: Int32Array,
   * idealOffsets: Uint32Array, ideal: Int32Array, tieKeys: Int32Array | null]: the finished
   * queries, emptying the output; a query the qrels hold has a hole for its id (the caller has
   * judgements()' string of its group); tie keys when the run was started with them
   */
  Napi::Value Take(const Napi::CallbackInfo& info) {
    const Napi::Env env = info.Env();
    auto result = Napi::Array::New(env, 8);
    result.Set(0u, strings(env, reader_.qids, reader_.groups.data()));
    result.Set(1u, copy<Napi::Int32Array>(env, reader_.groups, reader_.groups.size()));
    result.Set(2u, copy<Napi::Uint32Array>(env, reader_.offsets, reader_.offsets.size()));
    result.Set(3u, copy<Napi::Float64Array>(env, reader_.scores, reader_.offsets.back()));
    result.Set(4u, copy<Napi::Int32Array>(env, reader_.labels, reader_.offsets.back()));
    result.Set(5u, copy<Napi::Uint32Array>(env, reader_.idealOffsets, reader_.idealOffsets.size()));
    result.Set(6u, copy<Napi::Int32Array>(env, reader_.ideal, reader_.ideal.size()));
    result.Set(7u, reader_.keys.size() < reader_.offsets.back() ? env.Null() : copy<Napi::Int32Array>(env, reader_.keys, reader_.offsets.back()));
    reader_.takeOutput();
    return result;
  }

  /** judgements() -> [qids, offsets: Uint32Array, labels: Int32Array]: the qrels' queries in order of first appearance with their labels */
  Napi::Value Judgements(const Napi::CallbackInfo& info) {
    const Napi::Env env = info.Env();
    const reader::JudgedDocs& judged = reader_.judgements();
    // written straight into the typed arrays (no vector regrown, then copied)
    auto offsets = Napi::Uint32Array::New(env, static_cast<size_t>(judged.queries()) + 1);
    offsets[0] = 0;
    for (int32_t group = 0; group < judged.queries(); group++) offsets[group + 1] = offsets[group] + judged.count(group);
    auto labels = Napi::Int32Array::New(env, offsets[judged.queries()]);
    for (int32_t group = 0; group < judged.queries(); group++) {
      if (judged.count(group) > 0) std::memcpy(labels.Data() + offsets[group], judged.labels(group), judged.count(group) * sizeof(int32_t));
    }
    auto result = Napi::Array::New(env, 3);
    result.Set(0u, joined(env, reader_.judgedQids()));
    result.Set(1u, offsets);
    result.Set(2u, labels);
    return result;
  }

  /** countRun(chunk, info) -> problem: the first reading of a run not grouped by query (RunGrouping::count); the first chunk starts it */
  Napi::Value CountRun(const Napi::CallbackInfo& info) {
    if (const char* wrong = chunkArgs(info, 2)) return fail(info.Env(), wrong);
    double* state = dataOf<double>(info[1]);
    if (state[reader::LINE] == 0) grouping_.start();
    return Napi::Number::New(info.Env(), grouping_.count(dataOf<uint8_t>(info[0]), lengthOf(info[0]), state));
  }

  /** runBytes() -> Float64Array: the bytes of each query's lines countRun counted, in order of first line */
  Napi::Value RunBytes(const Napi::CallbackInfo& info) { return copy<Napi::Float64Array>(info.Env(), grouping_.bytes(), grouping_.bytes().size()); }

  /** startPass(inPass: Uint8Array of runBytes().length values, 1 for a query this pass keeps) */
  Napi::Value StartPass(const Napi::CallbackInfo& info) {
    if (info.Length() != 1 || !isTyped(info[0], napi_uint8_array) || lengthOf(info[0]) != grouping_.bytes().size()) {
      return fail(info.Env(), "startPass(inPass) takes a Uint8Array of one value per query counted");
    }
    grouping_.startPass(dataOf<uint8_t>(info[0]));
    return info.Env().Undefined();
  }

  /** gather(chunk): keeps the chunk's lines of the pass's queries */
  Napi::Value Gather(const Napi::CallbackInfo& info) {
    if (info.Length() != 1 || !isTyped(info[0], napi_uint8_array)) return fail(info.Env(), "the chunk must be a Uint8Array");
    grouping_.gather(dataOf<uint8_t>(info[0]), lengthOf(info[0]));
    return info.Env().Undefined();
  }

  /** runGathered(info) -> problem: the pass's lines, grouped, read as run() reads a chunk (CHANGED when the file changed since it was counted); frees them */
  Napi::Value RunGathered(const Napi::CallbackInfo& info) {
    if (info.Length() != 1 || !isTyped(info[0], napi_float64_array) || lengthOf(info[0]) < reader::INFO_SIZE) return fail(info.Env(), infoSize());
    const std::vector<uint8_t>& lines = grouping_.grouped();
    const int problem = grouping_.filled() ? reader_.run(lines.data(), lines.size(), dataOf<double>(info[0])) : reader::CHANGED;
    grouping_.release();
    return Napi::Number::New(info.Env(), problem);
  }

  /** What is wrong with (chunk: Uint8Array, info: Float64Array) arguments, or nullptr. */
  static const char* chunkArgs(const Napi::CallbackInfo& info, size_t count) {
    static const std::string wrongInfo = infoSize();
    if (info.Length() != count || !isTyped(info[0], napi_uint8_array)) return "the chunk must be a Uint8Array";
    if (!isTyped(info[1], napi_float64_array) || lengthOf(info[1]) < reader::INFO_SIZE) return wrongInfo.c_str();
    return nullptr;
  }

  static std::string infoSize() { return "info must be a Float64Array of " + std::to_string(reader::INFO_SIZE) + " values"; }

  Napi::Value feed(const Napi::CallbackInfo& info, bool run) {
    const Napi::Env env = info.Env();
    if (const char* wrong = chunkArgs(info, 2)) return fail(env, wrong);
    if (!run && reader_.frozen()) return fail(env, "qrels: the judgements are frozen (read, shared or attached); use a new reader");
    const uint8_t* chunk = dataOf<uint8_t>(info[0]);
    double* state = dataOf<double>(info[1]);
    const int problem = run ? reader_.run(chunk, lengthOf(info[0]), state) : reader_.qrels(chunk, lengthOf(info[0]), state);
    return Napi::Number::New(env, problem);
  }

  static Napi::Value fail(Napi::Env env, const std::string& message) {
    Napi::TypeError::New(env, "TrecReader: " + message).ThrowAsJavaScriptException();
    return env.Null();
  }

  /**
   * Ids as JavaScript strings, one char per byte (latin1), as the TypeScript readers hold them;
   * with `groups`, a hole where the group is not -1 (no call per such query).
   */
  static Napi::Array strings(Napi::Env env, const std::vector<std::string>& ids, const int32_t* groups = nullptr) {
    auto array = Napi::Array::New(env, ids.size());
    std::u16string text;
    for (size_t i = 0; i < ids.size(); i++) {
      if (groups != nullptr && groups[i] >= 0) continue;
      text.resize(ids[i].size());
      for (size_t k = 0; k < text.size(); k++) text[k] = static_cast<unsigned char>(ids[i][k]);
      array.Set(static_cast<uint32_t>(i), Napi::String::New(env, text));
    }
    return array;
  }

  /**
   * Ids as one JavaScript string, one char per byte (latin1), a newline between them (no id holds
   * one): JavaScript splits it faster than the addon makes a string per id.
   */
  static Napi::Value joined(Napi::Env env, const std::vector<std::string>& ids) {
    std::string text;
    for (size_t i = 0; i < ids.size(); i++) {
      if (i > 0) text += '\n';
      text += ids[i];
    }
    napi_value value;
    NAPI_THROW_IF_FAILED(env, napi_create_string_latin1(env, text.data(), text.size(), &value), Napi::Value());
    return Napi::Value(env, value);
  }

  /** The first `count` values in a new typed array. */
  template <typename Array, typename T>
  static Array copy(Napi::Env env, const std::vector<T>& values, size_t count) {
    auto array = Array::New(env, count);
    if (count > 0) std::memcpy(array.Data(), values.data(), count * sizeof(T));
    return array;
  }
};

}  // namespace tie_eval
