// The World driven by a byte stream of API calls, one case per call (add new API calls as new cases):
// bodies and shapes created and destroyed, poses, velocities, forces, impulses, settings valid and
// invalid, Step with any dt (NaN, ±inf, negative, huge), stale and made-up ids, getters, world queries
// (world_queries.h: rays, AABB and shape overlaps with the fan, shape casts; they must not change
// StateHash) and explosions.
// Properties: only InvalidArgument is ever thrown; a call that throws leaves StateHash() unchanged; the
// world stays finite after every call (it starts finite and every input that could break that is
// rejected or clamped: world.h's limits).
#include <optional>
#include <variant>
#include <vector>

#include "fuzz_input.h"
#include "sensu/physics/explosion.h"
#include "sensu/physics/world.h"
#include "sensu/physics/world_queries.h"

using namespace sensu;
using namespace sensu::fuzz;

namespace {

constexpr int kMaxOps = 48;
constexpr int kMaxBodies = 32;
constexpr int kMaxSteps = 12;

struct Driver {
    World world;
    std::vector<BodyId> bodies, deadBodies;
    std::vector<ShapeId> shapes, deadShapes;
    int steps = 0;
    int lastCall = -1;  ///< the case of the last call (for the finding's message)

    /// A live id most of the time, else a destroyed one or one made up from the bytes.
    BodyId Body(Input& in) {
        const uint8_t pick = in.Byte();
        if (pick % 8 == 7) return {in.U16() % 64u, in.Byte() % 4u};
        if (pick % 8 == 6 && !deadBodies.empty()) return deadBodies[pick % deadBodies.size()];
        if (bodies.empty()) return {};
        return bodies[in.Byte() % bodies.size()];
    }
    ShapeId Shape(Input& in) {
        const uint8_t pick = in.Byte();
        if (pick % 8 == 7) return {in.U16() % 128u, in.Byte() % 4u};
        if (pick % 8 == 6 && !deadShapes.empty()) return deadShapes[pick % deadShapes.size()];
        if (shapes.empty()) return {};
        return shapes[in.Byte() % shapes.size()];
    }

    SolverSettings Settings(Input& in) {
        SolverSettings s;
        switch (in.Byte() % 13) {
        case 0: s.velocityIterations = in.Int(-1, 20); break;
        case 1: s.positionIterations = in.Int(-1, 10); break;
        case 2: s.restStates = in.Bool(); s.continuous = in.Bool(); break;
        case 3: s.warmStarting = in.Bool(); s.accumulateImpulses = in.Bool(); s.positionCorrection = in.Bool(); break;
        case 4: s.friction = in.Bool(); s.restitution = in.Bool(); s.bottomUpOrder = in.Bool(); s.shockPropagation = in.Bool(); break;
        case 5: s.restitutionThreshold = in.Float(); s.linearSlop = in.Float(); break;
        case 6: s.baumgarte = in.Float(); s.maxCorrection = in.Float(); break;
        case 7: s.speculativeDistance = in.Float(); s.aabbMargin = in.Float(); break;
        case 8: s.restLinearSpeed = in.Float(); s.restAngularSpeed = in.Float(); s.restTime = in.Float(); break;
        case 9: s.supportNormalY = in.Float(); break;
        case 10: s.broadPhase = in.Bool() ? BroadPhaseKind::AabbTree : BroadPhaseKind::MortonQuadtree; break;
        case 11:  // the soft step, with its settings valid and invalid (a made-up SolverKind too)
            s.solver = static_cast<SolverKind>(in.Int(0, 2));
            s.subSteps = in.Int(-1, 65);
            if (in.Bool()) {  // half the time the defaults, so the soft step runs often
                s.contactHertz = in.Float();
                s.contactDampingRatio = in.Float();
                s.maxPushOutSpeed = in.Float();
            }
            break;
        default: s.continuousThreshold = in.Float(); s.continuousMaxImpacts = in.Int(-1, 20); break;
        }
        return s;
    }

    /// One API call chosen by the next byte. Returns false when the input is used up.
    void Call(Input& in) {
        lastCall = in.Byte() % 23;
        switch (lastCall) {
        case 0: {
            if (static_cast<int>(bodies.size()) >= kMaxBodies) return;
            const BodyDef def{.type = static_cast<BodyType>(in.Byte() % 3), .position = in.Point(), .angle = in.Float(), .linearVelocity = in.Point(),
                              .angularVelocity = in.Float(), .gravityScale = in.Float(), .bullet = in.Bool()};
            bodies.push_back(world.CreateBody(def));
            return;
        }
        case 1: {
            const BodyId id = Body(in);
            world.DestroyBody(id);
            std::erase(bodies, id);
            deadBodies.push_back(id);
            std::erase_if(shapes, [&](ShapeId s) { return !world.IsValid(s); });
            return;
        }
        case 2: {
            const BodyId id = Body(in);
            ShapeDef def{.geometry = fuzz::Shape(in)};
            if (in.Bool()) {
                def.density = in.Float();
                def.friction = in.Float();
                def.restitution = in.Float();
                def.isSensor = in.Byte() % 8 == 0;
            }
            shapes.push_back(world.CreateShape(id, def));
            return;
        }
        case 3: {
            const ShapeId id = Shape(in);
            world.DestroyShape(id);
            std::erase(shapes, id);
            deadShapes.push_back(id);
            return;
        }
        case 4: world.SetTransform(Body(in), in.Point(), in.Float()); return;
        case 5: world.SetLinearVelocity(Body(in), in.Point()); return;
        case 6: world.SetAngularVelocity(Body(in), in.Float()); return;
        case 7: world.ApplyForce(Body(in), in.Point(), in.Point()); return;
        case 8: world.ApplyForceToCenter(Body(in), in.Point()); return;
        case 9: world.ApplyTorque(Body(in), in.Float()); return;
        case 10: world.ApplyLinearImpulse(Body(in), in.Point(), in.Point()); return;
        case 11: world.Wake(Body(in)); return;
        case 12: world.SetBullet(Body(in), in.Bool()); return;
        case 13: world.SetGravity(in.Point()); return;
        case 14: world.SetSettings(Settings(in)); return;
        case 15:
        case 16:
        case 17: {
            if (steps >= kMaxSteps) return;
            ++steps;
            const uint8_t mode = in.Byte();
            // Mostly game-like steps, sometimes anything at all.
            world.Step(mode % 4 == 0 ? in.Float() : (1.0f + static_cast<float>(mode % 8)) / 120.0f);
            return;
        }
        case 18: {
            // Queries on any id (stale ones throw).
            const BodyId id = Body(in);
            (void)world.GetTransform(id);
            (void)world.GetLinearVelocity(id);
            (void)world.GetAngle(id);
            (void)world.GetRestState(id);
            (void)world.GetShapes(id);
            (void)world.IsBullet(id);
            return;
        }
        case 20: {
            const QueryFilter filter{.categoryBits = in.U32(), .maskBits = in.U32(), .includeSensors = in.Bool(), .includeFrozen = in.Bool()};
            const uint64_t before = world.StateHash();
            std::vector<QueryHit> hits;
            const Vec2 origin = in.Point(), translation = in.Point();
            CastRay(world, origin, translation, filter, hits);
            const std::optional<QueryHit> closest = CastRayClosest(world, origin, translation, filter);
            FUZZ_REQUIRE(closest.has_value() == !hits.empty(), "CastRayClosest disagrees with CastRay");
            for (size_t i = 1; i < hits.size(); ++i) FUZZ_REQUIRE(hits[i - 1].fraction <= hits[i].fraction, "CastRay hits not sorted");
            std::vector<ShapeId> found;
            const Vec2 corner = in.Point();
            OverlapAABB(world, {corner, corner + Vec2{in.Size(), in.Size()}}, filter, found);
            FUZZ_REQUIRE(world.StateHash() == before, "a query changed the world");
            return;
        }
        case 21: {
            const QueryFilter filter{.includeSensors = in.Bool()};
            const uint64_t before = world.StateHash();
            const Transform pose = Pose(in);
            std::vector<ShapeId> found;
            if (in.Bool()) {
                OverlapShape(world, Sector(in.Point(), in.Point(), in.Float(), in.Size(), in.Size()), pose, filter, found);
            } else {
                const QueryGeometry geometry = std::visit([](const auto& g) -> QueryGeometry { return g; }, fuzz::Shape(in));
                OverlapShape(world, geometry, pose, filter, found);
                const std::optional<QueryHit> hit = CastShape(world, geometry, pose, in.Point(), filter);
                if (hit) {
                    FUZZ_REQUIRE(hit->fraction >= 0.0f && hit->fraction <= 1.0f, "CastShape fraction out of [0, 1]");
                    FUZZ_REQUIRE(IsFinite(hit->point) && IsFinite(hit->normal), "CastShape hit not finite");
                    if (hit->fraction > 0.0f) FUZZ_REQUIRE(std::abs(Length(hit->normal) - 1.0f) < 1e-3f, "CastShape normal not unit");
                }
            }
            FUZZ_REQUIRE(world.StateHash() == before, "a query changed the world");
            return;
        }
        case 22:
            Explode(world, {.position = in.Point(), .radius = in.Float(), .falloff = in.Float(), .impulsePerLength = in.Float(), .maskBits = in.U32()});
            return;
        default: {
            const ShapeId id = Shape(in);
            (void)world.GetGeometry(id);
            (void)world.GetBody(id);
            std::vector<ContactPointInfo> contacts;
            world.GetContactPoints(contacts);
            for (const ContactPointInfo& c : contacts) {
                FUZZ_REQUIRE(Finite(c.point) && Finite(c.normal) && Finite(c.separation), "non-finite contact");
                FUZZ_REQUIRE(std::abs(Length(c.normal) - 1.0f) < 1e-3f, "contact normal not unit");
            }
            return;
        }
        }
    }

    /// Every body as text (for the finding's message).
    std::string Dump() const {
        std::string out;
        std::vector<BodyId> ids;
        world.GetBodies(ids);
        for (BodyId id : ids) {
            const Transform xf = world.GetTransform(id);
            const Vec2 v = world.GetLinearVelocity(id);
            out += "\n  body " + std::to_string(id.index) + " type " + std::to_string(static_cast<int>(world.GetType(id))) + " at (" +
                   std::to_string(xf.p.x) + ", " + std::to_string(xf.p.y) + ") angle " + std::to_string(world.GetAngle(id)) + " v (" +
                   std::to_string(v.x) + ", " + std::to_string(v.y) + ") w " + std::to_string(world.GetAngularVelocity(id)) + " mass " +
                   std::to_string(world.GetMass(id)) + " inertia " + std::to_string(world.GetInertia(id)) + " bullet " + std::to_string(world.IsBullet(id));
            for (ShapeId s : world.GetShapes(id)) out += "\n    " + testing::Describe(world.GetGeometry(s), {});
        }
        out += "\n  gravity (" + std::to_string(world.GetGravity().x) + ", " + std::to_string(world.GetGravity().y) + ")";
        return out;
    }

    bool AllFinite() const {
        std::vector<BodyId> ids;
        world.GetBodies(ids);
        for (BodyId id : ids) {
            const Transform xf = world.GetTransform(id);
            if (!Finite(xf.p) || !Finite(xf.q.c) || !Finite(xf.q.s) || !Finite(world.GetLinearVelocity(id)) ||
                !Finite(world.GetAngularVelocity(id)) || !Finite(world.GetAngle(id)))
                return false;
        }
        return true;
    }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Input in(data, size);
    Driver d;
    for (int op = 0; op < kMaxOps && !in.Empty(); ++op) {
        const uint64_t before = d.world.StateHash();
        try {
            d.Call(in);
        } catch (const InvalidArgument&) {
            FUZZ_REQUIRE(d.world.StateHash() == before, "a call that threw changed the world (op " + std::to_string(op) + ", case " + std::to_string(d.lastCall) + ")");
        }
        FUZZ_REQUIRE(d.AllFinite(), "the world became non-finite (op " + std::to_string(op) + ", case " + std::to_string(d.lastCall) + ")" + d.Dump());
    }
    return 0;
}
