// Circle approximation of arbitrary alpha masks, sizes, frames and settings: either InvalidArgument or
// finite circles within the count asked for, and a coverage (IoU) in [0, 1].
#include <vector>

#include "fuzz_input.h"
#include "sensu/geometry/circle_approximation.h"

using namespace sensu;
using namespace sensu::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    Input in(data, size);
    try {
        const int width = in.Int(0, 96), height = in.Int(0, 96);
        const int threshold = in.Int(-2, 257);
        PixelFrame frame{.pixelsPerMetre = in.Float(), .originPixels = in.Point()};
        if (in.Bool()) frame = PixelFrame{.pixelsPerMetre = 32.0f, .originPixels = {0.5f * static_cast<float>(width), 0.5f * static_cast<float>(height)}};
        CircleApproximationSettings settings;
        const bool seed003 = in.Byte() % 4 == 0;
        if (in.Bool()) {
            settings.depth = in.Int(-1, 12);
            settings.severalRoots = in.Bool();
            settings.maxRoots = in.Int(-1, 40);
            settings.fitCircles = in.Bool();
            settings.greedyMerge = in.Bool();
            settings.errorBudget = in.Float();
            settings.maxCircles = in.Int(-1, 200);
        }
        // Alpha: runs of bytes from the input (repeated so that small inputs still make shapes).
        std::vector<uint8_t> alpha(static_cast<size_t>(width) * static_cast<size_t>(height));
        for (size_t i = 0; i < alpha.size();) {
            const int run = 1 + in.Byte() % 32;
            const uint8_t value = in.Byte();
            for (int k = 0; k < run && i < alpha.size(); ++k) alpha[i++] = value;
        }
        const AlphaMask mask = AlphaMask::FromAlpha(width, height, alpha, threshold);
        const CircleApproximation r =
            seed003 ? ApproximateSpriteSeed003(mask, frame, settings.depth) : ApproximateSpriteWithCircles(mask, frame, settings);
        FUZZ_REQUIRE(r.circles.size() == r.pixels.circles.size(), "metre and pixel circle counts differ");
        for (const PixelCircle& c : r.pixels.circles) FUZZ_REQUIRE(Finite(c.center) && Finite(c.radius) && c.radius >= 0.0f, "pixel circle");
        for (const Circle& c : r.circles) FUZZ_REQUIRE(Finite(c.center()) && Finite(c.radius()), "body circle");
        if (!seed003 && settings.greedyMerge) {
            const int roots = r.layout.rootCount;
            FUZZ_REQUIRE(static_cast<int>(r.circles.size()) <= std::max(settings.maxCircles, roots), "more circles than asked for");
        }
        const double iou = CircleCoverageIoU(mask, r.pixels.circles);
        FUZZ_REQUIRE(iou >= 0.0 && iou <= 1.0, "IoU out of [0, 1]");
    } catch (const InvalidArgument&) {
    }
    return 0;
}
