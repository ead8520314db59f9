// A batch's queries shared among threads inside the addon: the threads take turns at chunks of
// queries, each with its own Scratch, and the failure at the lowest query is reported. Queries
// are independent, so the values do not depend on the thread count.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "kernels/codes.hpp"
#include "kernels/prepareQueries.hpp"
#include "kernels/scratch.hpp"
#include "workerPool.hpp"

namespace tie_eval {

/** Fewer entries than this per thread are not worth another thread (waking one takes 10 µs to a millisecond). */
constexpr int64_t PART_MIN_ENTRIES = 32768;

/**
 * About this many entries per chunk: small, so that a thread that starts late (waking an idle
 * core of a virtual machine can take a millisecond) leaves the others no long tail; large
 * enough that taking a chunk (one atomic add) costs nothing.
 */
constexpr int64_t CHUNK_ENTRIES = 16384;

/** The most threads a call may ask for. */
constexpr int MAX_THREADS = 256;

/**
 * What a Node environment keeps between calls: a Scratch per thread (thread t uses
 * scratches[t]) and the pool of threads beside the calling one.
 */
struct Workers {
  std::vector<Scratch> scratches = std::vector<Scratch>(1);
  WorkerPool pool;
};

/**
 * Runs `run(first, last, scratch, status)` over query ranges [first, last) that cover the batch:
 * all at once on the calling thread with `workers.scratches[0]` when one thread is asked for or
 * the batch is small; else in chunks that the calling thread and up to `threads` - 1 threads of
 * `workers.pool` take in turn, thread t with `workers.scratches[t]`.
 * Writes the status of the failure at the lowest query (what one thread would have met first),
 * or OK, to `status`, and returns the code.
 */
template <typename Run>
int runInParts(const uint32_t* offsets, int64_t queries, int threads, Workers& workers, int32_t* status, Run run) {
  std::vector<Scratch>& scratches = workers.scratches;
  const int64_t entries = offsets[queries];
  const int parts = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>({threads, queries, entries / PART_MIN_ENTRIES})));
  if (parts == 1) {
    run(0, queries, scratches[0], status);
    return status[0];
  }
  if (scratches.size() < static_cast<size_t>(parts)) scratches.resize(parts);
  const int64_t chunk = std::max<int64_t>(1, queries * CHUNK_ENTRIES / entries);
  std::atomic<int64_t> next{0};
  // each thread's first failure: its chunks come in query order, so it is its lowest
  std::vector<std::array<int32_t, 3>> failures(parts, {STATUS_OK, -1, -1});
  auto work = [&](int t) {
    std::array<int32_t, 3> found;
    for (int64_t first = next.fetch_add(chunk); first < queries; first = next.fetch_add(chunk)) {
      run(first, std::min(queries, first + chunk), scratches[t], found.data());
      if (found[0] != STATUS_OK && failures[t][0] == STATUS_OK) failures[t] = found;
    }
  };
  workers.pool.run(parts - 1, work);
  const std::array<int32_t, 3>* lowest = nullptr;
  for (const auto& failure : failures) {
    if (failure[0] != STATUS_OK && (lowest == nullptr || failure[1] < (*lowest)[1])) lowest = &failure;
  }
  return lowest == nullptr ? report(status, STATUS_OK, -1, -1) : report(status, (*lowest)[0], (*lowest)[1], (*lowest)[2]);
}

}  // namespace tie_eval
