// Image decoding of arbitrary bytes: InvalidArgument or an image within the documented size limit whose
// pixel buffer matches its size (ASan catches overruns, the limit catches memory bombs).
#include <cstdint>
#include <span>

#include "sensu/app/image.h"
#include "sensu/math.h"

#include "fuzz_input.h"

using namespace sensu;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    try {
        const Image image = DecodeImage(std::span<const uint8_t>(data, size), "fuzz input");
        FUZZ_REQUIRE(image.width > 0 && image.height > 0 && image.width <= kMaxImageSide && image.height <= kMaxImageSide,
                     "image size out of the limits");
        FUZZ_REQUIRE(image.rgba.size() == static_cast<size_t>(image.width) * static_cast<size_t>(image.height) * 4, "pixel buffer size");
        (void)image.CountNonBackgroundPixels();
    } catch (const InvalidArgument&) {
    }
    return 0;
}
