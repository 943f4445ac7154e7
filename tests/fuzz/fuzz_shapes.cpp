// Shape construction from raw floats: every constructor either throws InvalidArgument or holds a valid
// shape (finite members, unit CCW polygon normals, finite mass and proxy).
#include "fuzz_input.h"
#include "sensu/geometry/mass.h"
#include "sensu/geometry/shape_proxy.h"

using namespace sensu;
using namespace sensu::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Input in(data, size);
    const int kind = in.Byte() % 6;
    try {
        if (kind == 5) {
            const Sector s(in.Point(), in.Point(), in.Float(), in.Float(), in.Float());
            FUZZ_REQUIRE(Finite(s.center()) && Finite(s.axis()) && std::abs(Length(s.axis()) - 1.0f) < 1e-4f, "sector axis");
            FUZZ_REQUIRE(s.halfAngle() >= 0.0f && s.halfAngle() <= kPi && s.innerRadius() >= 0.0f && s.innerRadius() < s.outerRadius(),
                         "sector ranges");
            FUZZ_REQUIRE(Finite(s.outerRadius()) && Finite(s.cosHalfAngle()) && Finite(s.sinHalfAngle()), "sector finite");
            return 0;
        }
        const testing::AnyShape shape = [&]() -> testing::AnyShape {
            switch (kind) {
            case 0: return Circle(in.Point(), in.Float());
            case 1: return Capsule(in.Point(), in.Point(), in.Float());
            case 2: return Box({in.Float(), in.Float()}, in.Point(), in.Float());
            case 3: return Polygon(in);
            default: return Segment(in.Point(), in.Point());
            }
        }();
        const std::string what = testing::Describe(shape, {});
        FUZZ_REQUIRE(what.find("nan") == std::string::npos && what.find("inf") == std::string::npos,
                     "a constructor accepted a non-finite value: " + what);
        if (const auto* p = std::get_if<ConvexPolygon>(&shape)) {
            FUZZ_REQUIRE(p->count() >= 3 && p->count() <= kMaxPolygonVertices, what);
            for (int i = 0; i < p->count(); ++i) {
                const Vec2 n = p->normal(i);
                FUZZ_REQUIRE(Finite(n) && std::abs(Length(n) - 1.0f) < 1e-3f, "polygon normal not unit: " + what);
                const Vec2 e = p->vertex((i + 1) % p->count()) - p->vertex(i);
                FUZZ_REQUIRE(Dot(n, e) <= 1e-3f * Length(e), "polygon normal not perpendicular: " + what);
            }
            FUZZ_REQUIRE(Finite(p->centroid()) || Magnitude(shape, {}) > kCheckedMagnitude, "polygon centroid: " + what);
        }
        if (Magnitude(shape, {}) <= kCheckedMagnitude) {
            const MassData md = std::visit(
                [](const auto& s) {
                    if constexpr (std::is_same_v<std::decay_t<decltype(s)>, Segment>) return MassData{};
                    else return ComputeMass(s, 1.0f);
                },
                shape);
            FUZZ_REQUIRE(Finite(md.mass) && Finite(md.inertia) && md.mass >= 0.0f && md.inertia >= 0.0f, "mass: " + what);
            const ShapeProxy proxy = std::visit([](const auto& s) { return MakeProxy(s); }, shape);
            FUZZ_REQUIRE(proxy.count >= 1 && proxy.count <= kMaxPolygonVertices && Finite(proxy.radius), "proxy: " + what);
        }
    } catch (const InvalidArgument&) {
    }
    return 0;
}
