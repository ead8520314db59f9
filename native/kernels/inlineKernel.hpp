// TIE_EVAL_INLINE: a measure kernel the compiler must inline into evaluateQuery. The addon is one
// translation unit with a copy of every kernel per label type, and past its unit-growth limit GCC
// stops inlining them: a call per measure and query, some 4% of a batch of small queries.
#pragma once

#if defined(_MSC_VER)
#define TIE_EVAL_INLINE __forceinline
#else
#define TIE_EVAL_INLINE inline __attribute__((always_inline))
#endif

// TIE_EVAL_NOINLINE: a helper kept out of line where inlining it made its caller slower (measured:
// countAtLeast's vectorized loop inlined into prepareQuery cost the queries that need only R and J).
#if defined(_MSC_VER)
#define TIE_EVAL_NOINLINE __declspec(noinline)
#else
#define TIE_EVAL_NOINLINE __attribute__((noinline))
#endif
