// What Node-API says of an argument as a typed array, asked once per argument and call.
#pragma once
#include <napi.h>

#include <array>
#include <cstddef>

namespace tie_eval {

/** A value as a typed array: whether it is one, and its kind, length (elements) and data (byteOffset applied). */
struct TypedInfo {
  napi_value value = nullptr;
  bool typed = false;
  napi_typedarray_type type = napi_int8_array;
  size_t length = 0;
  void* data = nullptr;
};

/**
 * The typed arrays one binding call has asked about, on this thread, while the call runs (open
 * one at the top of a binding). Each napi_get_typedarray_info runs V8's test of every kind, and
 * the checks asked it again at every use: about a microsecond of a one-query call. A handle
 * names the same value for the whole call, and no JavaScript runs inside it; outside a scope
 * every question goes to Node-API.
 */
class CallScope {
 public:
  CallScope() : previous_(current()) { current() = this; }
  ~CallScope() { current() = previous_; }
  CallScope(const CallScope&) = delete;
  CallScope& operator=(const CallScope&) = delete;

  /** The innermost open scope of this thread, or null. */
  static CallScope*& current() {
    thread_local CallScope* scope = nullptr;
    return scope;
  }

  /** What was read of `value` in this call, or null. */
  const TypedInfo* find(napi_value value) const {
    for (size_t i = 0; i < count_; i++) if (seen_[i].value == value) return &seen_[i];
    return nullptr;
  }

  /** Keeps what was read of a value (a call has at most 13 arguments; past the room, nothing is kept). */
  void keep(const TypedInfo& info) {
    if (count_ < seen_.size()) seen_[count_++] = info;
  }

 private:
  CallScope* previous_;
  std::array<TypedInfo, 16> seen_{};
  size_t count_ = 0;
};

/** What Node-API says of `v` as a typed array (kept for the rest of the call within a CallScope). */
inline TypedInfo typedInfo(const Napi::Value& v) {
  CallScope* scope = CallScope::current();
  if (scope != nullptr) {
    if (const TypedInfo* kept = scope->find(v)) return *kept;
  }
  TypedInfo info;
  info.value = v;
  bool typed = false;
  if (napi_is_typedarray(v.Env(), v, &typed) == napi_ok && typed) {
    info.typed = napi_get_typedarray_info(v.Env(), v, &info.type, &info.length, &info.data, nullptr, nullptr) == napi_ok;
  }
  if (scope != nullptr) scope->keep(info);
  return info;
}

/** Whether `v` is a typed array of kind `type`. */
inline bool isTyped(const Napi::Value& v, napi_typedarray_type type) {
  const TypedInfo info = typedInfo(v);
  return info.typed && info.type == type;
}

/** The length (elements) of a typed array (0 for any other value). */
inline size_t lengthOf(const Napi::Value& v) { return typedInfo(v).length; }

/** The data of a typed array of element type T (its kind checked before). */
template <typename T>
T* dataOf(const Napi::Value& v) {
  return static_cast<T*>(typedInfo(v).data);
}

}  // namespace tie_eval
