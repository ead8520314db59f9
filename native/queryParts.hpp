// A batch's queries shared among threads inside the addon: the threads take turns at chunks of
// queries, each with its own Scratch, and the failure at the lowest query is reported. Queries
// are independent, so the values do not depend on the thread count.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <functional>
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

/** A range of queries' work: run(first, last, scratch, status) over queries [first, last). */
using QueryRun = std::function<void(int64_t, int64_t, Scratch&, int32_t*)>;

/**
 * A batch cut into chunks of about CHUNK_ENTRIES entries that `parts` threads take in turn:
 * thread t calls (*this)(t), with `workers.scratches[t]`, until none is left (a thread that
 * comes late takes what is left, or nothing); finish() then writes the failure at the lowest
 * query (what one thread would have met first), or OK.
 */
class QueryParts {
 public:
  QueryParts(const uint32_t* offsets, int64_t queries, int parts, Workers& workers, QueryRun run)
      : queries_(queries), chunk_(std::max<int64_t>(1, queries * CHUNK_ENTRIES / std::max<int64_t>(1, offsets[queries]))), workers_(workers), run_(std::move(run)), failures_(parts, {STATUS_OK, -1, -1}) {
    if (workers.scratches.size() < static_cast<size_t>(parts)) workers.scratches.resize(parts);
  }

  void operator()(int t) {
    std::array<int32_t, 3> found;
    // a thread's chunks come in query order: its first failure is its lowest
    for (int64_t first = next_.fetch_add(chunk_); first < queries_; first = next_.fetch_add(chunk_)) {
      run_(first, std::min(queries_, first + chunk_), workers_.scratches[t], found.data());
      if (found[0] != STATUS_OK && failures_[t][0] == STATUS_OK) failures_[t] = found;
    }
  }

  /** Writes the lowest query's failure, or OK, to `status` (after every thread has returned); returns the code. */
  int finish(int32_t* status) const {
    const std::array<int32_t, 3>* lowest = nullptr;
    for (const auto& failure : failures_) {
      if (failure[0] != STATUS_OK && (lowest == nullptr || failure[1] < (*lowest)[1])) lowest = &failure;
    }
    return lowest == nullptr ? report(status, STATUS_OK, -1, -1) : report(status, (*lowest)[0], (*lowest)[1], (*lowest)[2]);
  }

 private:
  const int64_t queries_;
  const int64_t chunk_;
  Workers& workers_;
  const QueryRun run_;
  std::atomic<int64_t> next_{0};
  std::vector<std::array<int32_t, 3>> failures_;
};

/** How many threads share a batch: at most `threads`, one per query and per PART_MIN_ENTRIES entries; one while the pool is busy with a started job (a call made from JavaScript while a started job runs). */
inline int partsFor(const uint32_t* offsets, int64_t queries, int threads, const Workers& workers) {
  if (workers.pool.busy()) return 1;
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>({threads, queries, offsets[queries] / PART_MIN_ENTRIES})));
}

/**
 * Runs `run(first, last, scratch, status)` over query ranges [first, last) that cover the batch:
 * all at once on the calling thread with `workers.scratches[0]` when one part serves (partsFor);
 * else as QueryParts on the calling thread and parts - 1 threads of `workers.pool`.
 * Writes the status of the failure at the lowest query, or OK, to `status`, and returns the code.
 */
template <typename Run>
int runInParts(const uint32_t* offsets, int64_t queries, int threads, Workers& workers, int32_t* status, Run run) {
  const int parts = partsFor(offsets, queries, threads, workers);
  if (parts == 1) {
    run(0, queries, workers.scratches[0], status);
    return status[0];
  }
  QueryParts job(offsets, queries, parts, workers, run);
  workers.pool.run(parts - 1, job);
  return job.finish(status);
}

}  // namespace tie_eval
