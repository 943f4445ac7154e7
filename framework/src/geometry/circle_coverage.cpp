// CircleCoverageIoU (circle_approximation.h): how well circles cover a mask, as the intersection over
// union of the pixels they cover and the mask's occupied pixels. The measure the tests and benchmarks
// judge every approximation by, so it counts every pixel (no sampling) by the same coverage rule as the
// fitting (DiscRowSpan, pixel_disc.h).
#include <algorithm>
#include <cmath>
#include <vector>

#include "sensu/geometry/circle_approximation.h"
#include "sensu/geometry/pixel_disc.h"

namespace sensu {

double CircleCoverageIoU(const AlphaMask& mask, std::span<const PixelCircle> circles) {
    PixelRect domain{0, 0, mask.width(), mask.height()};
    for (const PixelCircle& c : circles) {
        RequireFinite(c.center, "PixelCircle center");
        RequireFinite(c.radius, "PixelCircle radius");
        if (c.radius < 0.0f) throw InvalidArgument("PixelCircle radius must be >= 0");
        domain.minX = std::min(domain.minX, static_cast<int>(std::floor(c.center.x - c.radius)));
        domain.minY = std::min(domain.minY, static_cast<int>(std::floor(c.center.y - c.radius)));
        domain.maxX = std::max(domain.maxX, static_cast<int>(std::ceil(c.center.x + c.radius)) + 1);
        domain.maxY = std::max(domain.maxY, static_cast<int>(std::ceil(c.center.y + c.radius)) + 1);
    }
    const int w = domain.Width();
    std::vector<uint8_t> covered(static_cast<size_t>(w) * domain.Height(), 0);
    for (const PixelCircle& c : circles) {
        // Row by row: pixel centres x + ½ within half a chord of the centre.
        const PixelSpan rows = DiscRows(c.center, c.radius);
        for (int y = rows.first; y <= rows.last; ++y) {
            const PixelSpan span = DiscRowSpan(c.center, c.radius, y);
            uint8_t* row = covered.data() + static_cast<size_t>(y - domain.minY) * w;
            for (int x = span.first; x <= span.last; ++x) row[x - domain.minX] = 1;
        }
    }
    size_t intersection = 0, unionCount = 0;
    for (int y = domain.minY; y < domain.maxY; ++y) {
        const uint8_t* row = covered.data() + static_cast<size_t>(y - domain.minY) * w;
        for (int x = domain.minX; x < domain.maxX; ++x) {
            const bool inMask = mask.Occupied(x, y);
            const bool inCircles = row[x - domain.minX] != 0;
            intersection += (inMask && inCircles) ? 1 : 0;
            unionCount += (inMask || inCircles) ? 1 : 0;
        }
    }
    return unionCount == 0 ? 1.0 : static_cast<double>(intersection) / static_cast<double>(unionCount);
}


} // namespace sensu
