// Every overlap / distance / manifold pair with arbitrary shapes and poses: the three agree with each
// other (overlap ⇔ distance 0, distance symmetric, the deepest manifold separation never more than the
// distance, no penetration when apart), normals are unit and nothing is non-finite from finite input.
#include "fuzz_input.h"

using namespace sensu;
using namespace sensu::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Input in(data, size);
    try {
        const testing::AnyShape a = Shape(in);
        const testing::AnyShape b = Shape(in);
        const Transform xfA = Pose(in);
        const Transform xfB = Pose(in);
        const float magnitude = std::max(Magnitude(a, xfA), Magnitude(b, xfB));
        const float sa = SmallestSize(a), sb = SmallestSize(b);
        const float smallest = sa == 0.0f ? sb : sb == 0.0f ? sa : std::min(sa, sb);
        if (!InDomain(magnitude, smallest)) {
            // Beyond the checked range: only no crash and no sanitizer report.
            (void)testing::CheckPairConsistency(a, xfA, b, xfB, 0.0f, 0.0f);
            return 0;
        }
        // Round-off grows with the largest number involved (float spacing is 6e-8 of it).
        const float tol = 2e-5f * magnitude + 1e-6f;
        const testing::PairReport r = testing::CheckPairConsistency(a, xfA, b, xfB, tol, 5e-4f);
        FUZZ_REQUIRE(r.problem.empty(), r.problem);
    } catch (const InvalidArgument&) {
    }
    return 0;
}
