#include "thread_pool.h"

namespace sensu::detail {

namespace {

// Waits are short inside a step (one colour's work) and long between steps: spin first, then give the
// core away (other processes may need it to run the very thread being waited for), then sleep.
constexpr int kSpinRounds = 4000;
constexpr int kYieldRounds = 2000;

} // namespace

ThreadPool::ThreadPool(int threads) : threads_(threads) {
    workers_.reserve(static_cast<size_t>(threads - 1));
    for (int k = 1; k < threads; ++k) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
    stop_.store(true, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_seq_cst);
    generation_.notify_all();
    for (std::thread& t : workers_) t.join();
}

void ThreadPool::Run(int count, Task task, void* context) {
    task_ = task;
    context_ = context;
    count_ = count;
    ++job_;
    done_.store(0, std::memory_order_relaxed);
    claim_.store(static_cast<uint64_t>(job_) << 32, std::memory_order_release);
    // seq_cst on both sides pairs with the worker's sleepers_ increment then generation_ load: either the
    // worker sees the new generation, or this load sees it asleep and wakes it.
    generation_.fetch_add(1, std::memory_order_seq_cst);
    if (sleepers_.load(std::memory_order_seq_cst) > 0) generation_.notify_all();
    RunChunks(job_);
    for (int round = 0; done_.load(std::memory_order_acquire) != threads_; ++round) {
        if (round < kSpinRounds) {
            CpuRelax();
        } else {
            std::this_thread::yield();
        }
    }
}

void ThreadPool::RunChunks(uint32_t job) {
    const auto chunks = static_cast<uint64_t>(threads_);
    for (;;) {
        uint64_t claim = claim_.load(std::memory_order_acquire);
        do {
            if (claim >> 32 != job || (claim & 0xffffffffu) >= chunks) return;
        } while (!claim_.compare_exchange_weak(claim, claim + 1, std::memory_order_acq_rel, std::memory_order_acquire));
        int begin, end;
        Chunk(count_, threads_, static_cast<int>(claim & 0xffffffffu), begin, end);
        if (begin < end) task_(context_, begin, end);
        done_.fetch_add(1, std::memory_order_release);
    }
}

void ThreadPool::WorkerLoop() {
    uint64_t seen = 0;
    for (;;) {
        uint64_t current = generation_.load(std::memory_order_acquire);
        for (int round = 0; current == seen; ++round) {
            if (round < kSpinRounds) {
                CpuRelax();
            } else if (round < kSpinRounds + kYieldRounds) {
                std::this_thread::yield();
            } else {
                sleepers_.fetch_add(1, std::memory_order_seq_cst);
                if (generation_.load(std::memory_order_seq_cst) == seen) generation_.wait(seen, std::memory_order_seq_cst);
                sleepers_.fetch_sub(1, std::memory_order_relaxed);
                round = 0;
            }
            current = generation_.load(std::memory_order_acquire);
        }
        seen = current;
        if (stop_.load(std::memory_order_relaxed)) return;
        // The job now running (a later one than the wake-up announced, if this worker was slow).
        RunChunks(static_cast<uint32_t>(claim_.load(std::memory_order_acquire) >> 32));
    }
}

void CompactFlags(ThreadPool* pool, const std::vector<uint8_t>& flags, std::vector<int>& blockCounts, std::vector<int>& out) {
    constexpr int kBlock = 2048;  // indices per block: the unit of work, whatever the thread count
    const int count = static_cast<int>(flags.size());
    const int blocks = (count + kBlock - 1) / kBlock;
    blockCounts.resize(static_cast<size_t>(blocks) + 1);
    // Each block's bounds and the arrays' data are taken into locals first: through the captured
    // references every int stored to `out` made them load again.
    ForChunks(pool, blocks, 2, [&](int begin, int end) {
        const uint8_t* f = flags.data();
        for (int block = begin; block < end; ++block) {
            const int first = block * kBlock, last = count < first + kBlock ? count : first + kBlock;
            int kept = 0;
            for (int i = first; i < last; ++i) kept += f[i] != 0 ? 1 : 0;
            blockCounts[block + 1] = kept;
        }
    });
    blockCounts[0] = 0;
    for (int block = 0; block < blocks; ++block) blockCounts[block + 1] += blockCounts[block];
    out.resize(static_cast<size_t>(blockCounts[blocks]));
    ForChunks(pool, blocks, 2, [&](int begin, int end) {
        const uint8_t* f = flags.data();
        int* o = out.data();
        for (int block = begin; block < end; ++block) {
            const int first = block * kBlock, last = count < first + kBlock ? count : first + kBlock;
            int slot = blockCounts[block];
            for (int i = first; i < last; ++i) {
                if (f[i] != 0) o[slot++] = i;
            }
        }
    });
}

ThreadPool* ThreadPoolSlot::Get(int threads) {
    if (threads <= 1) {
        pool_.reset();
        return nullptr;
    }
    if (!pool_ || pool_->Threads() != threads) {
        pool_.reset();
        pool_ = std::make_unique<ThreadPool>(threads);
    }
    return pool_.get();
}

} // namespace sensu::detail
