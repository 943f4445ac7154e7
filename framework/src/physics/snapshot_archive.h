#pragma once
// The byte format of World::Save and World::Load (world_snapshot.cpp): the header and its version, and
// the Archive that writes or reads a struct's fields from one list (the Transfer functions of
// world_snapshot.cpp, the Transfer members of the broad phase). Reading checks what it reads: counts
// never exceed what the bytes left can hold, enums and flags are range checked, floats must be finite.
// Shared by the field lists (world_snapshot.cpp) and the checks of a loaded world (snapshot_checks.cpp).
#include <array>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "byte_stream.h"
#include "world_internal.h"

// Its own namespace, not detail: unqualified names inside it resolve exactly as they did when all of
// this was world_snapshot.cpp's anonymous namespace in detail.
namespace sensu::detail::snapshot {

constexpr std::array<uint8_t, 8> kMagic = {'S', 'E', 'N', 'S', 'U', 'W', 'L', 'D'};
// Raise when the byte layout changes (a field added, removed or reordered).
constexpr uint32_t kFormatVersion = 10;  // 2: joints, contact events, sensors; 3: the rest states' support loads; 4: chains; 5: threads; 6: the broad-phase tree's changes since its last rebuild; 7: the vertical rest state is no longer stored; 8: the soft step's settings; 9: a body's turn reach; 10: the rest states' support records of frozen floor-held bodies only, no restHeld

// Number of values of each enum a snapshot holds (Load rejects larger ones).
template <class E>
inline constexpr uint32_t kEnumCount = 0;
template <>
inline constexpr uint32_t kEnumCount<BodyType> = 3;
template <>
inline constexpr uint32_t kEnumCount<BroadPhaseKind> = 2;
template <>
inline constexpr uint32_t kEnumCount<JointType> = 7;
template <>
inline constexpr uint32_t kEnumCount<SolverKind> = 2;

template <bool Loading>
class Archive;

// The item with the fewest bytes of each listed type: a default one, but for a joint the kind whose
// def has the fewest fields (a mouse joint), so a count is never judged too large for valid data.
template <class T>
T Smallest() {
    return T{};
}
template <>
inline Joint Smallest<Joint>() {
    Joint j;
    j.def = MouseJointDef{};
    return j;
}

template <class Ar> void Transfer(Ar& ar, ShapeId& id);
template <class Ar> void Transfer(Ar& ar, BodyId& id);
template <class Ar> void Transfer(Ar& ar, ContactEndTouchEvent& e);
template <class Ar> void Transfer(Ar& ar, SensorEndTouchEvent& e);
template <class Ar> void Transfer(Ar& ar, JointDefVariant& def);
template <class Ar> void Transfer(Ar& ar, JointImpulses& j);
template <class Ar> void Transfer(Ar& ar, Joint& j);
template <class Ar> void Transfer(Ar& ar, Filter& f);
template <class Ar> void Transfer(Ar& ar, SolverSettings& s);
template <class Ar> void Transfer(Ar& ar, ManifoldPoint& p);
template <class Ar> void Transfer(Ar& ar, Manifold& m);
template <class Ar> void Transfer(Ar& ar, ShapeGeometry& g);
template <class Ar> void Transfer(Ar& ar, Body& b);
template <class Ar> void Transfer(Ar& ar, Shape& s);
template <class Ar> void Transfer(Ar& ar, Contact& c);
template <class Ar> void Transfer(Ar& ar, Chain& c);
template <class Ar> void Transfer(Ar& ar, WorldImpl& w);

// Writes (Loading false) or reads (Loading true) fields: `ar(a, b, c)`.
template <bool Loading>
class Archive {
public:
    static constexpr bool kLoading = Loading;

    Archive() requires(!Loading) = default;
    explicit Archive(std::span<const uint8_t> bytes) requires Loading : in_(bytes) {}

    template <class... T>
    void operator()(T&... fields) {
        (Field(fields), ...);
    }
    [[noreturn]] void Fail(const std::string& what) const { in_.Fail(what); }
    ByteWriter& Out() { return out_; }
    ByteReader& In() { return in_; }

private:
    void Field(bool& x) {
        if constexpr (Loading) {
            const uint8_t b = in_.U8();
            if (b > 1) Fail("a flag is neither 0 nor 1");
            x = b != 0;
        } else {
            out_.U8(x ? 1 : 0);
        }
    }
    void Field(uint32_t& x) {
        if constexpr (Loading) x = in_.U32();
        else out_.U32(x);
    }
    void Field(int32_t& x) {
        if constexpr (Loading) x = static_cast<int32_t>(in_.U32());
        else out_.U32(static_cast<uint32_t>(x));
    }
    void Field(uint64_t& x) {
        if constexpr (Loading) x = in_.U64();
        else out_.U64(x);
    }
    void Field(float& x) {
        if constexpr (Loading) {
            x = in_.F32();
            if (!IsFinite(x)) Fail("a number is not finite");
        } else {
            out_.F32(x);
        }
    }
    template <class E>
        requires std::is_enum_v<E>
    void Field(E& e) {
        static_assert(kEnumCount<E> > 0 && kEnumCount<E> <= 256, "give kEnumCount for this enum");
        if constexpr (Loading) {
            const uint8_t u = in_.U8();
            if (u >= kEnumCount<E>) Fail("an enum value is out of range");
            e = static_cast<E>(u);
        } else {
            out_.U8(static_cast<uint8_t>(e));
        }
    }
    // User data: an address means nothing in another run. Not written; loaded as nullptr (world.h).
    void Field([[maybe_unused]] void*& p) {
        if constexpr (Loading) p = nullptr;
    }
    void Field(Vec2& v) { (*this)(v.x, v.y); }
    void Field(Rot& q) { (*this)(q.c, q.s); }
    void Field(Transform& t) { (*this)(t.p, t.q); }
    void Field(AABB& b) { (*this)(b.lower, b.upper); }
    template <class T, size_t N>
    void Field(T (&items)[N]) {
        for (T& x : items) Field(x);
    }
    template <class T>
    void Field(std::vector<T>& items) {
        if constexpr (Loading) {
            items.assign(in_.Count(MinBytes<T>()), T{});
        } else {
            out_.U32(static_cast<uint32_t>(items.size()));
        }
        for (T& x : items) Field(x);
    }
    template <class T>
        requires std::is_class_v<T>
    void Field(T& x) {
        if constexpr (requires { x.Transfer(*this); }) x.Transfer(*this);
        else Transfer(*this, x);
    }

    // Bytes of the smallest T (Smallest: empty lists, the smallest shape and joint), so a count is checked
    // against what the data left can really hold.
    template <class T>
    static size_t MinBytes() {
        static const size_t bytes = [] {
            Archive<false> probe;
            T x = Smallest<T>();
            probe(x);
            return probe.Out().Take().size();
        }();
        return bytes;
    }

    ByteWriter out_;
    ByteReader in_{std::span<const uint8_t>{}};
};

// Everything the world follows without checking must hold, or a later Step could read out of bounds.
// Also rebuilds the contact lookup table. Fails through ar (InvalidArgument) on the first problem.
void CheckAndLink(WorldImpl& w, const Archive<true>& ar);

} // namespace sensu::detail::snapshot
