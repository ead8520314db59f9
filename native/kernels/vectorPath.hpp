// Which vector instructions the kernels use. The addon is built for the baseline of its target
// (SSE2 on x86-64), so it runs on every CPU; the one loop that gains much from wider vectors
// (countGroups' count of higher scores: 4 doubles per AVX2 compare, against 2) is compiled a
// second time for AVX2 and chosen at run time.
#pragma once
#include <cstdlib>

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define TIE_EVAL_AVX2_PATH 1
#define TIE_EVAL_AVX2 __attribute__((target("avx2")))
#else
#define TIE_EVAL_AVX2_PATH 0
#endif

namespace tie_eval {

/**
 * Whether the AVX2 loop runs: the CPU and the OS support AVX2 and TIE_EVAL_NO_AVX2 is unset or
 * empty (it forces the baseline loop, which the tests compare with this one). Read once per process.
 */
inline bool useAvx2() {
#if TIE_EVAL_AVX2_PATH
  static const bool yes = [] {
    const char* off = std::getenv("TIE_EVAL_NO_AVX2");
    return __builtin_cpu_supports("avx2") && (off == nullptr || *off == '\0');
  }();
  return yes;
#else
  return false;
#endif
}

}  // namespace tie_eval
