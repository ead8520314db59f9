// Room for a whole file in the arrays reading it fills, reserved once: a vector regrown by
// doubling is copied to new memory each time, about twice the bytes moved and first touched.
#pragma once

#include <algorithm>
#include <cstddef>

namespace tie_eval::reader {

/**
 * When to reserve, and how much: at a file's second chunk, for its size (`expected` bytes, as
 * the caller knows it; else 0) at the first chunk's density and a quarter more, at most 64 times
 * what the first chunk filled (a wrong size reserves memory it never touches).
 */
struct FileRoom {
  size_t read = 0;
  bool reserved = false;

  /** How many times what the file's arrays hold they should reserve now (0: not now), before `length` more bytes are read. */
  double next(double expected, size_t length) {
    const double scale = read > 0 && !reserved ? 1.25 * expected / static_cast<double>(read) : 0;
    reserved = read > 0;
    read += length;
    return scale > 1 ? std::min(64.0, scale) : 0;
  }
};

/** Reserves room for `scale` times the values held (see FileRoom). */
template <typename Values>
void reserveScaled(Values& values, double scale) {
  values.reserve(static_cast<size_t>(scale * static_cast<double>(values.size())));
}

}  // namespace tie_eval::reader
