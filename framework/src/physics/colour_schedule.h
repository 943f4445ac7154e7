#pragma once
// One pass over a level's worth of colours, or all of them, as one fork-join instead of one per colour
// (a C100 pass has about 400 colours of 40 contacts on average: a fork-join each cost more than
// splitting them saved, so colours below kMinParallelContacts ran on one thread).
//
// The pass is a sequence of steps. A colour with enough contacts is a step of its own, cut into one
// chunk per thread; a run of smaller colours in a row is one step of one chunk, solved by one thread
// in order; the parts of a band of levels (solver_parts.cpp), which share no moving body, are one step
// whose chunks each solve some of the parts, colour after colour. Every chunk of a step finishes before
// any chunk of the next starts, so each colour sees exactly the velocities it would one after the
// other: the floats do not depend on the thread count.
// Chunks are claimed by whichever thread comes first (a thread the OS has not run never holds up a
// chunk it has not claimed), each thread trying its own chunk of a step first, and a claimed chunk
// waits until the chunks of the steps before it are done (one counter of finished chunks).
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "thread_pool.h"

namespace sensu::detail {

/// One colour's items [begin, end), solved by the thread that claims its chunk.
struct ColourTask {
    int colour = 0;
    int begin = 0, end = 0;
};

class ColourSchedule {
public:
    ColourSchedule() = default;
    // Scratch of one pass: a copied world starts with an empty schedule.
    ColourSchedule(const ColourSchedule&) {}
    ColourSchedule& operator=(const ColourSchedule&) { return *this; }

    /// A colour with at least this many contacts is split across the threads.
    static constexpr int kMinSplitContacts = 32;

    /// Starts an empty schedule for `threads` threads.
    void Clear(int threads);
    /// Appends colour `colour` with `items` items and `contacts` contacts (items are what the pass
    /// solves one by one: contacts, or batches of four and single contacts); independent false: its
    /// items share bodies and are solved in order by one thread.
    void Add(int colour, int items, int contacts, bool independent);

    /// Starts a step of its own whose chunks run in parallel, each a sequence of colours solved in order
    /// by one thread (the parts of a band, which share no moving body: solver_parts.cpp).
    void BeginStep();
    /// Appends colour `colour`'s items [0, items) to the step's current chunk.
    void AddToChunk(int colour, int items);
    /// Ends the current chunk of the step; an empty chunk is dropped.
    void EndChunk();
    /// Ends the step begun by BeginStep; a step without chunks is dropped.
    void EndStep();

    /// Calls task(ColourTask) for every task, steps in order, chunks of a step on any thread; inline and
    /// in order without a pool. task must not throw.
    template <class Task>
    void Run(ThreadPool* pool, const Task& task) {
        if (pool == nullptr || pool->Threads() == 1) {
            for (const ColourTask& t : tasks_) task(t);
            return;
        }
        const uint32_t run = BeginRun();
        auto participate = [&](int self, int) {
            // Every thread walks the steps in order and claims any chunk of a step no one has claimed,
            // its own first: thread k starts at the step's chunk k, so a band's parts go to the same
            // core pass after pass and their bodies stay in its cache.
            for (int step = 0; step + 1 < static_cast<int>(stepStart_.size()); ++step) {
                const int first = stepStart_[step], count = stepStart_[step + 1] - first;
                for (int i = 0; i < count; ++i) {
                    const int chunk = first + (self + i) % count;
                    std::atomic<uint32_t>& claim = claims_[chunk];
                    if (claim.load(std::memory_order_relaxed) == run || claim.exchange(run, std::memory_order_relaxed) == run) continue;
                    WaitForFinished(first);
                    for (int t = chunkStart_[chunk]; t < chunkStart_[chunk + 1]; ++t) task(tasks_[t]);
                    finished_.fetch_add(1, std::memory_order_release);
                }
            }
        };
        pool->ParallelFor(pool->Threads(), participate);
    }

    /// For checks: calls visit(step, chunk, task) for every task, in order; chunks of one step may run
    /// at the same time, steps one after the other.
    template <class Visit>
    void ForEachTask(const Visit& visit) const {
        for (int step = 0; step + 1 < static_cast<int>(stepStart_.size()); ++step)
            for (int chunk = stepStart_[step]; chunk < stepStart_[step + 1]; ++chunk)
                for (int t = chunkStart_[chunk]; t < chunkStart_[chunk + 1]; ++t) visit(step, chunk, tasks_[t]);
    }

private:
    int Chunks() const { return static_cast<int>(chunkStart_.size()) - 1; }
    void WaitForFinished(int chunks) const;  // spins, then yields, until that many chunks finished
    uint32_t BeginRun();  // a new run's stamp, with a claim slot per chunk and no chunk finished

    int threads_ = 1;
    bool runOpen_ = false;           // the last step is a run of small colours that may grow
    std::vector<ColourTask> tasks_;
    std::vector<int> chunkStart_{0};  // tasks [chunkStart_[c], chunkStart_[c + 1]) form chunk c
    std::vector<int> stepStart_{0};   // chunks [stepStart_[s], stepStart_[s + 1]) form step s
    // claims_[c] holds the stamp of the last run whose chunk c was claimed: no reset between runs.
    std::unique_ptr<std::atomic<uint32_t>[]> claims_;
    int claimCapacity_ = 0;
    uint32_t run_ = 0;
    alignas(64) std::atomic<int> finished_{0};  // chunks done
};

} // namespace sensu::detail
