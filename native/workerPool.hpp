// Threads kept between calls: a call hands them its job instead of starting threads (some
// 20-50 µs each), and a thread that finished a job spins a little before it sleeps, so the
// next call, often a millisecond later in an optimizer's loop, finds it awake (waking an idle
// core of a virtual machine can take a millisecond).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>
#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
#include <immintrin.h>
#endif

namespace tie_eval {

/** How long an idle thread polls for the next job, or a caller for its helpers, before it sleeps (burning that much of a core after a call). */
constexpr std::chrono::microseconds SPIN_TIME{2000};

/** A short pause inside a polling loop: it lets the core's other thread run and saves power. */
inline void relax() {
#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

/** Polls `ready` for SPIN_TIME; returns whether it turned true. */
template <typename Ready>
bool spinUntil(Ready ready) {
  const auto until = std::chrono::steady_clock::now() + SPIN_TIME;
  for (;;) {
    for (int i = 0; i < 64; i++) {
      if (ready()) return true;
      relax();
    }
    if (std::chrono::steady_clock::now() > until) return ready();
  }
}

/**
 * Threads that run the helpers' share of a call's job (runInParts) and wait between calls: they
 * start on the first call that asks for them and stop with the Node environment (its AddonData).
 * One job at a time: each environment has its own pool; a call returns when its job is done,
 * or leaves it started (start) for a later join, the pool busy() until then. The destructor
 * waits for each thread, so a thread inside a job finishes it first.
 */
class WorkerPool {
 public:
  WorkerPool() = default;
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
      generation_.fetch_add(1, std::memory_order_release);
    }
    wake_.notify_all();
    for (std::thread& thread : threads_) thread.join();
  }

  /** Runs job(0) on the calling thread and job(1..helpers) on pool threads; returns when all have returned. */
  template <typename Job>
  void run(int helpers, Job& job) {
    start(helpers, job);
    job(0);
    join();
  }

  /**
   * Hands job(1..helpers) to pool threads and returns at once: the calling thread goes on with
   * other work (evaluateRun reads the next queries) and calls join() before `job` goes away.
   * Until then the pool is busy(): a call made meanwhile must not use it. `linger` false: the
   * threads sleep as soon as the job is done, and join does not spin: the next job is milliseconds
   * away (a chunk of a run being read), and spinning on a busy machine took the reader's core
   * (two threads 1.45x slower than one with another process on one of two cores).
   */
  template <typename Job>
  void start(int helpers, Job& job, bool linger = true) {
    while (static_cast<int>(threads_.size()) < helpers) {
      const int index = static_cast<int>(threads_.size()) + 1;
      threads_.emplace_back([this, index] { serve(index); });
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      call_ = [](void* context, int t) { (*static_cast<Job*>(context))(t); };
      context_ = &job;
      active_ = helpers;
      linger_ = linger;
      pending_.store(helpers, std::memory_order_relaxed);
      generation_.fetch_add(1, std::memory_order_release);
    }
    busy_ = true;
    wake_.notify_all();
  }

  /** Waits until the helpers of the job start() handed them have returned. */
  void join() {
    if (!(linger_ && spinUntil([this] { return pending_.load(std::memory_order_acquire) == 0; }))) {
      std::unique_lock<std::mutex> lock(mutex_);
      done_.wait(lock, [this] { return pending_.load(std::memory_order_acquire) == 0; });
    }
    busy_ = false;
  }

  /** Whether a started job has not been joined (read and written by the calling thread only). */
  bool busy() const { return busy_; }

 private:
  void serve(int index) {
    uint64_t seen = 0;
    bool linger = false;
    for (;;) {
      if (!(linger && spinUntil([&] { return generation_.load(std::memory_order_acquire) != seen; }))) {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return generation_.load(std::memory_order_acquire) != seen; });
      }
      int active;
      void (*call)(void*, int);
      void* context;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        seen = generation_.load(std::memory_order_acquire);
        if (stopping_) return;
        active = active_;
        linger = linger_;
        call = call_;
        context = context_;
      }
      if (index > active) continue;
      call(context, index);
      if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
        std::lock_guard<std::mutex> lock(mutex_);
        done_.notify_one();
      }
    }
  }

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::atomic<uint64_t> generation_{0};
  std::atomic<int> pending_{0};
  bool stopping_ = false;
  bool busy_ = false;
  int active_ = 0;
  /** whether the threads and join spin after the current job (start's `linger`) */
  bool linger_ = true;
  void (*call_)(void*, int) = nullptr;
  void* context_ = nullptr;
};

}  // namespace tie_eval
