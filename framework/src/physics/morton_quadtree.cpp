#include "morton_quadtree.h"

#include <algorithm>
#include <cmath>

namespace sensu::detail {

namespace {

// Overflow proxies beyond this many (and beyond 1/32 of all proxies) make Update derive the root again, so a
// scene that grows or drifts away from its first bounds keeps most proxies in cells.
constexpr int kMinOverflowBeforeRebuild = 8;
// Deepest level used: 4^10 ≈ 10^6 leaf cells is far finer than any scene needs (levels are picked by size).
constexpr int kMaxDepth = 10;
// Levels the median proxy size may add to the depth chosen by the proxy count (see Rebuild).
constexpr int kMaxExtraDepth = 3;
// The root square is this much larger than the proxies' bounds, so bodies moving a little stay inside.
constexpr float kRootPadding = 1.25f;
// A proxy lies within half a cell side of its cell (size ≤ side, centre inside). Queries grow cells by a
// sixteenth of a side more, which covers the float rounding of the cell index (≈ 1e-7 of the coordinates;
// a cell is at least 2^-10 of the root side, and the root at least 1/100 of its distance from the origin).
constexpr float kLooseMargin = 0.5625f;

// A level whose candidate cells for one query exceed this many is left to the descent from the root,
// which skips empty subtrees wholesale (large query boxes, e.g. swept regions).
constexpr int64_t kMaxCellsPerLevel = 64;

} // namespace

bool MortonQuadtree::FindCells(const AABB& box) const {
    found_.clear();
    for (int level = 0; level <= depth_; ++level) {
        if (levelCount_[level] == 0) continue;
        const float s = cellSize_[level];
        const float margin = kLooseMargin * s;
        const float last = static_cast<float>((1 << level) - 1);
        // Columns and rows whose loose squares may reach the box, widened by 1/64 of a cell for the
        // rounding of the division (far less wherever the result is not clamped: at most 2^10 cells from
        // the root's corner); LooseCellAt decides exactly. Clamped in float, so huge or non-finite boxes
        // cannot overflow.
        auto range = [&](float lo, float hi, float origin, uint32_t& first, uint32_t& end) {
            const float a = std::floor((lo - origin - s - margin) / s - 0.015625f);
            const float b = std::floor((hi - origin + margin) / s + 0.015625f);
            if (!(a <= b)) return false;  // NaN
            first = static_cast<uint32_t>(std::clamp(a, 0.0f, last));
            end = static_cast<uint32_t>(std::clamp(b, 0.0f, last)) + 1u;
            return true;
        };
        uint32_t x0, x1, y0, y1;
        if (!range(box.lower.x, box.upper.x, rootLower_.x, x0, x1) || !range(box.lower.y, box.upper.y, rootLower_.y, y0, y1))
            return false;
        if (int64_t{x1 - x0} * int64_t{y1 - y0} > kMaxCellsPerLevel) return false;
        for (uint32_t y = y0; y < y1; ++y)
            for (uint32_t x = x0; x < x1; ++x) {
                const uint32_t code = MortonEncode(x, y);
                const uint32_t n = QuadtreeIndex(level, code);
                if (head_[n] < 0 || !Overlaps(LooseCellAt(x, y, level), box)) continue;
                // Pre-order position: the cell's first descendant on the deepest level, then the level.
                const uint64_t first = uint64_t{code} << (2 * (depth_ - level));
                found_.emplace_back((first << 4) | static_cast<uint64_t>(level), n);
            }
    }
    std::sort(found_.begin(), found_.end());
    return true;
}

AABB MortonQuadtree::LooseCell(uint32_t n, int level) const {
    const MortonCell cell = MortonDecode(n - QuadtreeLevelOffset(level));
    return LooseCellAt(cell.x, cell.y, level);
}

AABB MortonQuadtree::LooseCellAt(uint32_t x, uint32_t y, int level) const {
    const float s = cellSize_[level];
    const Vec2 lower = rootLower_ + Vec2{s * static_cast<float>(x), s * static_cast<float>(y)};
    const float margin = kLooseMargin * s;
    return {lower - Vec2{margin, margin}, lower + Vec2{s + margin, s + margin}};
}

// Linear quadtree index of the cell that holds `box`, or kOverflow.
int MortonQuadtree::CellOf(const AABB& box) const {
    if (rootSize_ <= 0.0f) return kOverflow;
    const float extent = std::max(box.upper.x - box.lower.x, box.upper.y - box.lower.y);
    if (!(extent <= rootSize_)) return kOverflow;  // also rejects NaN
    const Vec2 c = 0.5f * (box.lower + box.upper) - rootLower_;
    if (!(c.x >= 0.0f && c.y >= 0.0f && c.x <= rootSize_ && c.y <= rootSize_)) return kOverflow;
    int level = 0;
    while (level < depth_ && cellSize_[level + 1] >= extent) ++level;
    const float s = cellSize_[level];
    const uint32_t last = (uint32_t{1} << level) - 1u;
    const uint32_t x = std::min(static_cast<uint32_t>(c.x / s), last);
    const uint32_t y = std::min(static_cast<uint32_t>(c.y / s), last);
    return static_cast<int>(QuadtreeIndex(level, MortonEncode(x, y)));
}

int MortonQuadtree::CreateProxy(const AABB& fatAabb, int userData) {
    int id;
    if (freeList_ >= 0) {
        id = freeList_;
        freeList_ = proxies_[id].next;
    } else {
        id = static_cast<int>(proxies_.size());
        proxies_.emplace_back();
    }
    proxies_[id] = Proxy{fatAabb, userData, kFree, -1, -1};
    ++liveCount_;
    Link(id);
    return id;
}

void MortonQuadtree::DestroyProxy(int proxy) {
    Unlink(proxy);
    Proxy& p = proxies_[proxy];
    p.cell = kFree;
    p.prev = -1;
    p.next = freeList_;
    freeList_ = proxy;
    --liveCount_;
}

void MortonQuadtree::MoveProxy(int proxy, const AABB& fatAabb) {
    Unlink(proxy);
    proxies_[proxy].aabb = fatAabb;
    Link(proxy);
}

void MortonQuadtree::Update() {
    if (overflowCount_ > std::max(kMinOverflowBeforeRebuild, liveCount_ / 32)) Rebuild();
}

void MortonQuadtree::Link(int proxy) {
    Proxy& p = proxies_[proxy];
    p.cell = CellOf(p.aabb);
    int& head = p.cell == kOverflow ? overflowHead_ : head_[p.cell];
    p.prev = -1;
    p.next = head;
    if (head >= 0) proxies_[head].prev = proxy;
    head = proxy;
    if (p.cell == kOverflow) {
        ++overflowCount_;
        return;
    }
    ++levelCount_[QuadtreeLevel(static_cast<uint32_t>(p.cell))];
    for (uint32_t n = static_cast<uint32_t>(p.cell);; n = QuadtreeParent(n)) {
        ++subtreeCount_[n];
        if (n == 0) break;
    }
}

void MortonQuadtree::Unlink(int proxy) {
    Proxy& p = proxies_[proxy];
    if (p.prev >= 0) {
        proxies_[p.prev].next = p.next;
    } else if (p.cell == kOverflow) {
        overflowHead_ = p.next;
    } else {
        head_[p.cell] = p.next;
    }
    if (p.next >= 0) proxies_[p.next].prev = p.prev;
    if (p.cell == kOverflow) {
        --overflowCount_;
        return;
    }
    --levelCount_[QuadtreeLevel(static_cast<uint32_t>(p.cell))];
    for (uint32_t n = static_cast<uint32_t>(p.cell);; n = QuadtreeParent(n)) {
        --subtreeCount_[n];
        if (n == 0) break;
    }
}

// Derives the root square from the bounds of all proxies and a depth from their number (about four leaf
// cells per proxy) and their median size, then places every proxy again in index order (deterministic).
void MortonQuadtree::Rebuild() {
    bool any = false;
    AABB bounds{};
    for (const Proxy& p : proxies_) {
        if (p.cell == kFree) continue;
        bounds = any ? Union(bounds, p.aabb) : p.aabb;
        any = true;
    }
    const Vec2 size = bounds.upper - bounds.lower;
    const float side = kRootPadding * std::max(size.x, size.y);
    if (!any || !std::isfinite(side)) return;  // non-finite boxes stay in the overflow list
    const Vec2 centre = 0.5f * (bounds.lower + bounds.upper);
    // Far from the origin the root must stay large against float spacing there, or the margin above fails.
    rootSize_ = std::max({side, 1e-3f, 0.01f * std::max(std::abs(centre.x), std::abs(centre.y))});
    rootLower_ = centre - Vec2{0.5f * rootSize_, 0.5f * rootSize_};
    depth_ = 1;
    while (depth_ < kMaxDepth && (int64_t{1} << (2 * depth_)) < 4 * int64_t{liveCount_}) ++depth_;
    // Deeper while the typical (median) proxy still fits a cell of the next level: when one large proxy
    // (a ground) stretches the root, leaves sized by count alone would be far larger than the bodies and
    // every query would test a crowd of them. At most kMaxExtraDepth levels (4^k times the cells).
    extents_.clear();
    for (const Proxy& p : proxies_) {
        const float extent = std::max(p.aabb.upper.x - p.aabb.lower.x, p.aabb.upper.y - p.aabb.lower.y);
        if (p.cell != kFree && std::isfinite(extent)) extents_.push_back(extent);
    }
    if (!extents_.empty()) {
        const auto median = extents_.begin() + static_cast<std::ptrdiff_t>(extents_.size() / 2);
        std::nth_element(extents_.begin(), median, extents_.end());
        const int countDepth = depth_;
        while (depth_ < std::min(kMaxDepth, countDepth + kMaxExtraDepth) && std::ldexp(rootSize_, -(depth_ + 1)) >= *median) ++depth_;
    }
    cellSize_.resize(depth_ + 1);
    for (int level = 0; level <= depth_; ++level) cellSize_[level] = std::ldexp(rootSize_, -level);
    head_.assign(QuadtreeCellCount(depth_), -1);
    subtreeCount_.assign(QuadtreeCellCount(depth_), 0);
    levelCount_.assign(depth_ + 1, 0);
    overflowHead_ = -1;
    overflowCount_ = 0;
    for (int i = 0; i < static_cast<int>(proxies_.size()); ++i)
        if (proxies_[i].cell != kFree) Link(i);
}

const char* MortonQuadtree::RestoreCells() {
    if (!(rootSize_ >= 0.0f) || (rootSize_ == 0.0f ? depth_ != 0 : (depth_ < 1 || depth_ > kMaxDepth))) return "Morton quadtree: bad root or depth";
    // As Rebuild leaves them (all empty before the first rebuild: every proxy is in the overflow list then).
    const bool rooted = rootSize_ > 0.0f;
    cellSize_.resize(rooted ? depth_ + 1 : 0);
    for (int level = 0; level < static_cast<int>(cellSize_.size()); ++level) cellSize_[level] = std::ldexp(rootSize_, -level);
    head_.assign(rooted ? QuadtreeCellCount(depth_) : 0, -1);
    subtreeCount_.assign(head_.size(), 0);
    levelCount_.assign(cellSize_.size(), 0);
    overflowHead_ = -1;
    overflowCount_ = 0;
    liveCount_ = 0;
    const int n = static_cast<int>(proxies_.size());
    auto linkInRange = [n](int id) { return id >= -1 && id < n; };
    // A live proxy sits where Link would put it now; the first of each list (prev −1) is its head.
    for (int p = 0; p < n; ++p) {
        const Proxy& proxy = proxies_[p];
        if (proxy.cell == kFree) continue;
        ++liveCount_;
        if (proxy.cell != CellOf(proxy.aabb)) return "Morton quadtree: a proxy is not in the cell its box belongs to";
        if (!linkInRange(proxy.prev) || !linkInRange(proxy.next)) return "Morton quadtree: a list link is out of range";
        if (proxy.prev != -1) continue;
        int& head = proxy.cell == kOverflow ? overflowHead_ : head_[proxy.cell];
        if (head != -1) return "Morton quadtree: a cell has two first proxies";
        head = p;
    }
    // Each list walked from its head: links that agree both ways, every live proxy met exactly once.
    std::vector<uint8_t> seen(static_cast<size_t>(n), 0);
    int linked = 0;
    auto walk = [&](int head, int cell) {
        for (int p = head, prev = -1; p != -1; prev = p, p = proxies_[p].next) {
            if (seen[p] || proxies_[p].cell != cell || proxies_[p].prev != prev) return false;
            seen[p] = 1;
            ++linked;
            if (cell == kOverflow) {
                ++overflowCount_;
                continue;
            }
            ++levelCount_[QuadtreeLevel(static_cast<uint32_t>(cell))];
            for (uint32_t c = static_cast<uint32_t>(cell);; c = QuadtreeParent(c)) {
                ++subtreeCount_[c];
                if (c == 0) break;
            }
        }
        return true;
    };
    if (!walk(overflowHead_, kOverflow)) return "Morton quadtree: broken overflow list";
    for (int c = 0; c < static_cast<int>(head_.size()); ++c)
        if (head_[c] != -1 && !walk(head_[c], c)) return "Morton quadtree: broken cell list";
    if (linked != liveCount_) return "Morton quadtree: a proxy is not reachable from its cell";
    int free = 0;
    for (int p = freeList_; p != -1; p = proxies_[p].next) {
        if (p < 0 || p >= n || seen[p] || proxies_[p].cell != kFree) return "Morton quadtree: bad free list";
        seen[p] = 1;
        ++free;
    }
    if (liveCount_ + free != n) return "Morton quadtree: a proxy is neither live nor free";
    return nullptr;
}

} // namespace sensu::detail
