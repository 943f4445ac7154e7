// Chains (chain.h): a chain is a list of ordinary segment shapes that remember their neighbours' far
// vertices; contact.cpp collides those shapes as ChainSegments (one-sided, smooth across joints).
#include <cmath>
#include <string>

#include "world_internal.h"

namespace sensu {

using detail::Chain;
using detail::kNull;
using detail::Shape;

namespace {

// Everything CreateChain checks before it changes anything, so a refused chain leaves no shape behind.
void RequireValidChain(const ChainDef& def) {
    const size_t count = def.points.size();
    if (count < (def.loop ? 3u : 2u))
        throw InvalidArgument(std::string("ChainDef.points: a ") + (def.loop ? "loop needs at least 3" : "chain needs at least 2") +
                              " points (got " + std::to_string(count) + ")");
    for (size_t i = 0; i < count; ++i) {
        const Vec2 p = def.points[i];
        if (!IsFinite(p.x) || !IsFinite(p.y)) throw InvalidArgument("ChainDef.points[" + std::to_string(i) + "] is not finite");
        if (!(std::hypot(static_cast<double>(p.x), static_cast<double>(p.y)) <= kMaxCoordinate))
            throw InvalidArgument("ChainDef.points[" + std::to_string(i) + "] is beyond kMaxCoordinate (1e6 m) of the body origin");
    }
    for (size_t i = 0; i + 1 < count || (def.loop && i < count); ++i) {
        const size_t j = (i + 1) % count;
        if (def.points[i] == def.points[j])
            throw InvalidArgument("ChainDef.points[" + std::to_string(i) + "] and [" + std::to_string(j) + "] are equal (a segment needs two ends)");
    }
    RequireFinite(def.friction, "ChainDef.friction");
    RequireFinite(def.restitution, "ChainDef.restitution");
    if (def.friction < 0.0f) throw InvalidArgument("ChainDef.friction must be >= 0");
    if (def.restitution < 0.0f || def.restitution > 1.0f) throw InvalidArgument("ChainDef.restitution must be in [0, 1]");
}

// Ghost vertices of segment i (points[i] → points[i+1]). An open end gets a ghost one segment length
// behind the surface (on the solid side): the end is then a convex 90° corner, whose fan of normals runs
// from the segment's normal to straight along it, so a body can rest on the end or roll off it.
void Ghosts(const ChainDef& def, size_t i, Vec2& ghost1, Vec2& ghost2) {
    const size_t n = def.points.size();
    const Vec2 a = def.points[i];
    const Vec2 b = def.points[(i + 1) % n];
    const Vec2 behind = RightPerp(a - b);  // the solid side, as long as the segment
    if (def.loop || i > 0) ghost1 = def.points[(i + n - 1) % n];
    else ghost1 = a + behind;
    if (def.loop || i + 2 < n) ghost2 = def.points[(i + 2) % n];
    else ghost2 = b + behind;
}

} // namespace

Chain& WorldImpl::ChainAt(ChainId id) {
    if (id.index >= chains.size() || !chains[id.index].alive || chains[id.index].generation != id.generation)
        throw InvalidArgument("ChainId is not a live chain of this world");
    return chains[id.index];
}

const Chain& WorldImpl::ChainAt(ChainId id) const { return const_cast<WorldImpl*>(this)->ChainAt(id); }

void WorldImpl::ForgetChainsOf(int bodyIndex) {
    for (size_t i = 0; i < chains.size(); ++i) {
        Chain& c = chains[i];
        if (!c.alive || c.body != bodyIndex) continue;
        c.alive = false;
        c.shapes.clear();
        freeChains.push_back(static_cast<uint32_t>(i));
    }
}

ChainId World::CreateChain(BodyId body, const ChainDef& def) {
    WorldImpl& w = *impl_;
    w.BodyAt(body);  // validates the id
    RequireValidChain(def);
    const size_t segmentCount = def.loop ? def.points.size() : def.points.size() - 1;
    // Every segment's geometry first (ChainSegment checks the ghosts too), so nothing below can throw
    // half-way: the points and material were validated above.
    std::vector<ChainSegment> links;
    links.reserve(segmentCount);
    for (size_t i = 0; i < segmentCount; ++i) {
        Vec2 ghost1, ghost2;
        Ghosts(def, i, ghost1, ghost2);
        links.emplace_back(ghost1, def.points[i], def.points[(i + 1) % def.points.size()], ghost2);
    }
    uint32_t index;
    if (!w.freeChains.empty()) {
        index = w.freeChains.back();
        w.freeChains.pop_back();
    } else {
        index = static_cast<uint32_t>(w.chains.size());
        w.chains.emplace_back();
    }
    Chain& c = w.chains[index];
    const uint32_t generation = c.generation + 1;
    c = Chain{};
    c.generation = generation;
    c.alive = true;
    c.body = static_cast<int>(body.index);
    c.loop = def.loop;
    try {
        for (const ChainSegment& link : links) {
            const ShapeId sid = CreateShape(body, {.geometry = Segment(link.a(), link.b()),
                                                   .density = 0.0f,
                                                   .friction = def.friction,
                                                   .restitution = def.restitution,
                                                   .filter = def.filter,
                                                   .enableContactEvents = def.enableContactEvents,
                                                   .enableHitEvents = def.enableHitEvents,
                                                   .userData = def.userData});
            Shape& s = w.shapes[sid.index];
            s.chain = static_cast<int>(index);
            s.ghost1 = link.ghost1();
            s.ghost2 = link.ghost2();
            w.chains[index].shapes.push_back(sid);
        }
    } catch (const InvalidArgument&) {
        // CreateShape refuses a body whose mass is already near float's limits: take the chain back.
        DestroyChain({index, generation});
        throw;
    }
    return {index, generation};
}

void World::DestroyChain(ChainId id) {
    WorldImpl& w = *impl_;
    Chain& c = w.ChainAt(id);
    const std::vector<ShapeId> shapes = std::move(c.shapes);
    c.shapes.clear();
    c.alive = false;
    w.freeChains.push_back(id.index);
    for (ShapeId sid : shapes) {
        w.shapes[sid.index].chain = kNull;  // DestroyShape refuses chain segments
        DestroyShape(sid);
    }
}

bool World::IsValid(ChainId id) const {
    return id.index < impl_->chains.size() && impl_->chains[id.index].alive && impl_->chains[id.index].generation == id.generation;
}

std::span<const ShapeId> World::GetChainShapes(ChainId id) const { return impl_->ChainAt(id).shapes; }

ChainId World::GetChain(ShapeId id) const {
    const Shape& s = impl_->ShapeAt(id);
    if (s.chain == kNull) return ChainId{};
    return {static_cast<uint32_t>(s.chain), impl_->chains[s.chain].generation};
}

ChainSegment World::GetChainSegment(ShapeId id) const {
    const Shape& s = impl_->ShapeAt(id);
    if (s.chain == kNull) throw InvalidArgument("GetChainSegment: the shape is no chain segment");
    const auto& segment = std::get<Segment>(s.geometry);
    return ChainSegment(s.ghost1, segment.a(), segment.b(), s.ghost2);
}

} // namespace sensu
