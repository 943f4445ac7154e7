#include "colour_schedule.h"

#include <algorithm>
#include <thread>

namespace sensu::detail {

void ColourSchedule::Clear(int threads) {
    threads_ = threads;
    runOpen_ = false;
    tasks_.clear();
    chunkStart_.assign(1, 0);
    stepStart_.assign(1, 0);
}

void ColourSchedule::Add(int colour, int items, int contacts, bool independent) {
    if (items <= 0) return;
    if (!independent || contacts < kMinSplitContacts || threads_ == 1) {
        tasks_.push_back({colour, 0, items});
        if (runOpen_) {
            chunkStart_.back() = static_cast<int>(tasks_.size());  // the run's one chunk grows
        } else {
            chunkStart_.push_back(static_cast<int>(tasks_.size()));
            stepStart_.push_back(Chunks());
            runOpen_ = true;
        }
        return;
    }
    for (int k = 0; k < threads_; ++k) {
        int begin, end;
        ThreadPool::Chunk(items, threads_, k, begin, end);
        if (begin == end) continue;
        tasks_.push_back({colour, begin, end});
        chunkStart_.push_back(static_cast<int>(tasks_.size()));
    }
    stepStart_.push_back(Chunks());
    runOpen_ = false;
}

uint32_t ColourSchedule::BeginRun() {
    if (claimCapacity_ < Chunks()) {
        claimCapacity_ = std::max(Chunks(), 2 * claimCapacity_);
        claims_ = std::make_unique<std::atomic<uint32_t>[]>(static_cast<size_t>(claimCapacity_));  // zero: no run yet
        run_ = 0;
    }
    if (++run_ == 0) {  // the stamp wrapped: clear the slots so no stale stamp matches
        for (int c = 0; c < claimCapacity_; ++c) claims_[c].store(0, std::memory_order_relaxed);
        run_ = 1;
    }
    finished_.store(0, std::memory_order_relaxed);
    return run_;
}

void ColourSchedule::BeginStep() { runOpen_ = false; }

void ColourSchedule::AddToChunk(int colour, int items) {
    if (items > 0) tasks_.push_back({colour, 0, items});
}

void ColourSchedule::EndChunk() {
    if (static_cast<int>(tasks_.size()) > chunkStart_.back()) chunkStart_.push_back(static_cast<int>(tasks_.size()));
}

void ColourSchedule::EndStep() {
    if (Chunks() > stepStart_.back()) stepStart_.push_back(Chunks());
}

void ColourSchedule::WaitForFinished(int chunks) const {
    // Short waits (a colour's other chunk) spin; a long one means the thread holding that chunk is not
    // running: give it the core.
    constexpr int kSpinRounds = 2000;
    for (int round = 0; finished_.load(std::memory_order_acquire) < chunks; ++round) {
        if (round < kSpinRounds) {
            CpuRelax();
        } else {
            std::this_thread::yield();
        }
    }
}

} // namespace sensu::detail
