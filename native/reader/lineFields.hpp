// Byte-level field reading of TREC lines: the mirror of src/io/fields.ts and src/io/parseNumber.ts.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

// lines of fewer than 64 bytes split with SSE2 where the compiler has its builtins (x86-64 with
// GCC or Clang); elsewhere (arm64, MSVC) byte by byte, with the same fields
#if (defined(__GNUC__) || defined(__clang__)) && defined(__SSE2__)
#define TIE_EVAL_SSE2_FIELDS 1
#include <emmintrin.h>
#else
#define TIE_EVAL_SSE2_FIELDS 0
#endif

namespace tie_eval::reader {

#if TIE_EVAL_SSE2_FIELDS
/**
 * splitFields for a line of fewer than 64 bytes whose 16-byte blocks all lie within the
 * buffer: a bit per byte marks the field bytes (neither space nor tab: two compares per block),
 * and the fields start where a run of marked bits starts and end where it stops (no branch per
 * byte, which mispredicted at every field's end); -1 when the line is longer or a block would
 * read past `limit`.
 */
inline int splitShortLine(const uint8_t* buf, size_t start, size_t end, size_t limit, size_t* bounds, int max) {
  const size_t n = end - start;
  if (n >= 64 || start + ((n + 15) & ~size_t{15}) > limit) return -1;
  const __m128i space = _mm_set1_epi8(' ');
  const __m128i tab = _mm_set1_epi8('\t');
  uint64_t separators = 0;
  for (size_t at = 0; at < n; at += 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + start + at));
    const uint32_t bits = static_cast<uint32_t>(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(block, space), _mm_cmpeq_epi8(block, tab))));
    separators |= static_cast<uint64_t>(bits) << at;
  }
  const uint64_t inside = ~separators & ((uint64_t{1} << n) - 1);
  uint64_t starts = inside & ~(inside << 1);
  uint64_t ends = (inside << 1) & ~inside;
  // as the byte loop: the first `max` fields' bounds, and max + 1 when more follow (no popcount:
  // the x86-64 baseline lacks the instruction, and the library call cost more than this loop)
  int count = 0;
  for (; starts != 0 && count < max; count++) {
    bounds[2 * count] = start + static_cast<size_t>(__builtin_ctzll(starts));
    bounds[2 * count + 1] = start + static_cast<size_t>(__builtin_ctzll(ends));
    starts &= starts - 1;
    ends &= ends - 1;
  }
  return starts != 0 ? max + 1 : count;
}
#endif

/**
 * Splits buf[start..end) at runs of spaces and tabs into at most `max` fields, writing their
 * [start, end) offsets to `bounds`; returns the field count, or max + 1 when there are more.
 * `limit`: the buffer's length, past which nothing is read.
 */
inline int splitFields(const uint8_t* buf, size_t start, size_t end, size_t limit, size_t* bounds, int max) {
#if TIE_EVAL_SSE2_FIELDS
  if (const int count = splitShortLine(buf, start, end, limit, bounds, max); count >= 0) return count;
#endif
  int count = 0;
  size_t i = start;
  while (i < end) {
    while (i < end && (buf[i] == ' ' || buf[i] == '\t')) i++;
    if (i >= end) break;
    if (count == max) return max + 1;
    bounds[2 * count] = i;
    while (i < end && buf[i] != ' ' && buf[i] != '\t') i++;
    bounds[2 * count + 1] = i;
    count++;
  }
  return count;
}

/** Whether a line is blank or a `#` comment. */
inline bool isSkippable(const uint8_t* buf, size_t start, size_t end) {
  size_t i = start;
  while (i < end && (buf[i] == ' ' || buf[i] == '\t')) i++;
  return i == end || buf[i] == '#';
}

/** FNV-1a over buf[start..end): the hash IdTable files ids under. */
inline uint32_t hashBytes(const uint8_t* buf, size_t start, size_t end) {
  uint32_t h = 0x811c9dc5u;
  for (size_t i = start; i < end; i++) h = (h ^ buf[i]) * 0x01000193u;
  return h;
}

inline bool isDigit(uint8_t c) { return c >= '0' && c <= '9'; }

/** Whether buf[start..end) is [+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)? */
inline bool isDecimal(const uint8_t* buf, size_t start, size_t end) {
  size_t i = start;
  if (i < end && (buf[i] == '+' || buf[i] == '-')) i++;
  size_t digits = 0;
  while (i < end && isDigit(buf[i])) i++, digits++;
  if (i < end && buf[i] == '.') {
    i++;
    while (i < end && isDigit(buf[i])) i++, digits++;
  }
  if (digits == 0) return false;
  if (i < end && (buf[i] == 'e' || buf[i] == 'E')) {
    i++;
    if (i < end && (buf[i] == '+' || buf[i] == '-')) i++;
    size_t exponent = 0;
    while (i < end && isDigit(buf[i])) i++, exponent++;
    if (exponent == 0) return false;
  }
  return i == end;
}

/** Whether buf[start..end) is [+-]?inf(inity)? in any case. */
inline bool isInfinity(const uint8_t* buf, size_t start, size_t end) {
  size_t i = start;
  if (i < end && (buf[i] == '+' || buf[i] == '-')) i++;
  std::string word;
  for (; i < end; i++) word += static_cast<char>(buf[i] | 0x20);
  return word == "inf" || word == "infinity";
}

/**
 * A score field as a double: decimal notation with an optional exponent, and inf/infinity in
 * any case; NaN for anything else (hex, nan, garbage), so that the caller reports it.
 * Fast path: at most 15 significant digits and a decimal exponent within ±22 are exact
 * doubles, so one multiplication or division rounds correctly; other forms go to strtod,
 * which rounds correctly as JavaScript's Number() does.
 */
inline double parseScore(const uint8_t* buf, size_t start, size_t end) {
  static const double POW10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                   1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  size_t i = start;
  bool negative = false;
  if (i < end && (buf[i] == '-' || buf[i] == '+')) negative = buf[i++] == '-';
  double mantissa = 0;
  int digits = 0;
  int scale = 0;
  bool any = false;
  while (i < end && isDigit(buf[i])) {
    if (digits < 15) {
      mantissa = mantissa * 10 + (buf[i] - '0');
      if (mantissa > 0) digits++;
    } else scale++;
    any = true;
    i++;
  }
  if (i < end && buf[i] == '.') {
    i++;
    while (i < end && isDigit(buf[i])) {
      if (digits < 15) {
        mantissa = mantissa * 10 + (buf[i] - '0');
        if (mantissa > 0) digits++;
        scale--;
      }
      any = true;
      i++;
    }
  }
  int exponent = 0;
  if (any && i < end && (buf[i] == 'e' || buf[i] == 'E')) {
    i++;
    bool expNegative = false;
    if (i < end && (buf[i] == '-' || buf[i] == '+')) expNegative = buf[i++] == '-';
    const size_t expStart = i;
    while (i < end && isDigit(buf[i]) && i - expStart < 6) exponent = exponent * 10 + (buf[i++] - '0');
    if (i == expStart) return std::numeric_limits<double>::quiet_NaN();
    if (expNegative) exponent = -exponent;
  }
  if (any && i == end && digits < 15 && std::abs(scale + exponent) <= 22) {
    const int e = scale + exponent;
    const double value = e >= 0 ? mantissa * POW10[e] : mantissa / POW10[-e];
    return negative ? -value : value;
  }
  if (isInfinity(buf, start, end)) {
    return buf[start] == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  }
  if (!isDecimal(buf, start, end)) return std::numeric_limits<double>::quiet_NaN();
  const std::string text(reinterpret_cast<const char*>(buf + start), end - start);
  return std::strtod(text.c_str(), nullptr);
}

/** An integer field (optional sign, digits, at most 15 of them), or NaN. */
inline double parseInteger(const uint8_t* buf, size_t start, size_t end) {
  size_t i = start;
  bool negative = false;
  if (i < end && (buf[i] == '-' || buf[i] == '+')) negative = buf[i++] == '-';
  if (i == end || end - i > 15) return std::numeric_limits<double>::quiet_NaN();
  double value = 0;
  for (; i < end; i++) {
    if (!isDigit(buf[i])) return std::numeric_limits<double>::quiet_NaN();
    value = value * 10 + (buf[i] - '0');
  }
  return negative ? -value : value;
}

}  // namespace tie_eval::reader
