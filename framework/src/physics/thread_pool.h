#pragma once
// A small pool of worker threads for the solver's parallel loops (SolverSettings::threads). Static
// chunking: [0, count) is cut into Threads() contiguous chunks by index alone, so which thread runs
// which items never depends on timing. The solver only hands it work whose result does not depend on
// the split anyway (constraints of one colour, per-item narrow phase and integration); the fixed split
// keeps each chunk's memory on one core from pass to pass.
//
// Own pool rather than oneTBB: the solver needs one thing, a fork-join over an index range thousands
// of times per step (one per colour per pass), with the calling thread taking part. A spinning
// generation counter does that in well under a microsecond with no allocation; a work-stealing
// scheduler adds a dependency and per-call task objects for no benefit at two to a few dozen chunks.
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace sensu::detail {

class ThreadPool {
public:
    /// Starts threads − 1 workers; the calling thread is the pool's thread 0. threads in [1, 64].
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    /// Number of threads that share a loop, the caller included.
    int Threads() const { return threads_; }

    /// Calls fn(begin, end) once per chunk of [0, count), chunk k on thread k, and returns when every
    /// chunk is done. fn must not throw (a worker has nowhere to send the exception).
    template <class Fn>
    void ParallelFor(int count, Fn& fn) {
        Run(count, [](void* context, int begin, int end) { (*static_cast<Fn*>(context))(begin, end); }, &fn);
    }

    /// The chunk k of `chunks` chunks of [0, count): [count·k/chunks, count·(k+1)/chunks).
    static void Chunk(int count, int chunks, int k, int& begin, int& end) {
        begin = static_cast<int>(static_cast<int64_t>(count) * k / chunks);
        end = static_cast<int>(static_cast<int64_t>(count) * (k + 1) / chunks);
    }

private:
    using Task = void (*)(void* context, int begin, int end);
    void Run(int count, Task task, void* context);
    void WorkerLoop(int index);

    int threads_;
    std::vector<std::thread> workers_;
    // Written by the caller before the generation is bumped, read by workers after they see it.
    Task task_ = nullptr;
    void* context_ = nullptr;
    int count_ = 0;
    // Apart on their own cache lines: the workers poll the first, the caller the second.
    alignas(64) std::atomic<uint64_t> generation_{0};
    alignas(64) std::atomic<int> pending_{0};
    alignas(64) std::atomic<int> sleepers_{0};
    std::atomic<bool> stop_{false};
};

/// A world's pool: created on first use with the thread count asked for, and never copied (a cloned
/// world starts without one and makes its own, so two worlds never share workers).
class ThreadPoolSlot {
public:
    ThreadPoolSlot() = default;
    ThreadPoolSlot(const ThreadPoolSlot&) {}
    ThreadPoolSlot& operator=(const ThreadPoolSlot&) { return *this; }
    ThreadPoolSlot(ThreadPoolSlot&&) noexcept = default;
    ThreadPoolSlot& operator=(ThreadPoolSlot&&) noexcept = default;

    /// The pool for `threads` threads, or nullptr for one thread (loops then run inline).
    ThreadPool* Get(int threads);

private:
    std::unique_ptr<ThreadPool> pool_;
};

/// Runs fn(begin, end) over [0, count): inline in one call when there is no pool or count is below
/// minParallel (a fork-join costs more than a handful of items), else in the pool's chunks.
template <class Fn>
void ForChunks(ThreadPool* pool, int count, int minParallel, Fn&& fn) {
    if (count <= 0) return;
    if (pool == nullptr || count < minParallel) {
        fn(0, count);
        return;
    }
    pool->ParallelFor(count, fn);
}

} // namespace sensu::detail
