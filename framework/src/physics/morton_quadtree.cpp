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
// The root square is this much larger than the proxies' bounds, so bodies moving a little stay inside.
constexpr float kRootPadding = 1.25f;
// A proxy lies within half a cell side of its cell (size ≤ side, centre inside). Queries grow cells by a
// sixteenth of a side more, which covers the float rounding of the cell index (≈ 1e-7 of the coordinates;
// a cell is at least 2^-10 of the root side, and the root at least 1/100 of its distance from the origin).
constexpr float kLooseMargin = 0.5625f;

} // namespace

AABB MortonQuadtree::LooseCell(uint32_t n, int level) const {
    const MortonCell cell = MortonDecode(n - QuadtreeLevelOffset(level));
    const float s = cellSize_[level];
    const Vec2 lower = rootLower_ + Vec2{s * static_cast<float>(cell.x), s * static_cast<float>(cell.y)};
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
    for (uint32_t n = static_cast<uint32_t>(p.cell);; n = QuadtreeParent(n)) {
        --subtreeCount_[n];
        if (n == 0) break;
    }
}

// Derives the root square from the bounds of all proxies and a depth from their number (about four leaf
// cells per proxy), then places every proxy again in index order (deterministic).
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
    cellSize_.resize(depth_ + 1);
    for (int level = 0; level <= depth_; ++level) cellSize_[level] = std::ldexp(rootSize_, -level);
    head_.assign(QuadtreeCellCount(depth_), -1);
    subtreeCount_.assign(QuadtreeCellCount(depth_), 0);
    overflowHead_ = -1;
    overflowCount_ = 0;
    for (int i = 0; i < static_cast<int>(proxies_.size()); ++i)
        if (proxies_[i].cell != kFree) Link(i);
}

} // namespace sensu::detail
