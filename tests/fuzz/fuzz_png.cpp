// Image decoding of arbitrary bytes: InvalidArgument or an image within the documented size limit whose
// pixel buffer matches its size (ASan catches overruns, the limit catches memory bombs). The target
// asks for at most kFuzzMaxPixels: 4 KiB of deflate can claim a megapixel, and decoding such inputs
// under ASan took 0.2 s each, which starved the search (5 inputs/s). The header check that rejects
// larger images is the same code path as the default limit's, so it is still exercised.
#include <cstdint>
#include <span>

#include "sensu/app/image.h"
#include "sensu/math.h"

#include "fuzz_input.h"

using namespace sensu;

namespace {
constexpr long kFuzzMaxPixels = 128 * 128;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    try {
        const Image image = DecodeImage(std::span<const uint8_t>(data, size), "fuzz input", kFuzzMaxPixels);
        FUZZ_REQUIRE(image.width > 0 && image.height > 0 && static_cast<long>(image.width) * image.height <= kFuzzMaxPixels,
                     "image size out of the limits");
        FUZZ_REQUIRE(image.rgba.size() == static_cast<size_t>(image.width) * static_cast<size_t>(image.height) * 4, "pixel buffer size");
        (void)image.CountNonBackgroundPixels();
    } catch (const InvalidArgument&) {
    }
    return 0;
}
