#pragma once
// A small pool of worker threads for the solver's parallel loops (SolverSettings::threads). Static
// chunks: [0, count) is cut into Threads() contiguous chunks by index alone. The solver only hands it
// work whose result does not depend on the split or on which thread runs a chunk (constraints of one
// colour, per-item narrow phase and integration), so the chunks are claimed, not assigned: the caller
// starts on them at once and takes over those of a worker the OS has not run yet. On a loaded machine
// a fork-join then never waits for a thread that is not running (measured on 2 cores with other
// builds: assigned chunks made 2 threads 30× slower than 1 on ManyPyramids).
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

#if (defined(__x86_64__) || defined(__i386__)) && !defined(SENSU_PORTABLE_PATHS)
#include <immintrin.h>
#endif

namespace sensu::detail {

/// Tells the core this thread is spinning (frees the pipeline for its sibling hyperthread).
inline void CpuRelax() {
#if (defined(__x86_64__) || defined(__i386__)) && !defined(SENSU_PORTABLE_PATHS)
    _mm_pause();
#elif defined(__aarch64__)
    asm volatile("yield");
#endif
}

class ThreadPool {
public:
    /// Starts threads − 1 workers; the calling thread is the pool's thread 0. threads in [1, 64].
    explicit ThreadPool(int threads);
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    /// Number of threads that share a loop, the caller included.
    int Threads() const { return threads_; }

    /// Calls fn(begin, end) once per chunk of [0, count), each on whichever thread claims it first (the
    /// caller included), and returns when every chunk is done. fn must not throw (a worker has nowhere
    /// to send the exception).
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
    void RunChunks(uint32_t job);  // claims and runs chunks of `job` until none is left
    void WorkerLoop();

    int threads_;
    std::vector<std::thread> workers_;
    // Written by the caller before the job is published in claim_, read by a thread after it claimed
    // a chunk of that job (the job cannot end before that chunk is done).
    Task task_ = nullptr;
    void* context_ = nullptr;
    int count_ = 0;
    uint32_t job_ = 0;
    // Apart on their own cache lines: workers poll the wake counter, everyone claims, the caller polls
    // the done count.
    alignas(64) std::atomic<uint64_t> generation_{0};  // bumped per job: wakes the workers
    alignas(64) std::atomic<uint64_t> claim_{0};       // job << 32 | next unclaimed chunk
    alignas(64) std::atomic<int> done_{0};             // chunks of the current job finished
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

/// The indices i with flags[i] != 0, in increasing order, into `out` (resized to their number). Counted
/// per fixed block of indices in parallel, placed by a prefix sum over the blocks, then written in
/// parallel: the result never depends on the thread count. blockCounts is scratch.
void CompactFlags(ThreadPool* pool, const std::vector<uint8_t>& flags, std::vector<int>& blockCounts, std::vector<int>& out);

} // namespace sensu::detail
