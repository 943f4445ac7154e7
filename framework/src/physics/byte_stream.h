#pragma once
// Little-endian bytes for World::Save and World::Load (world_snapshot.cpp). Fixed widths and a fixed
// byte order, so a snapshot reads the same on every machine; floats travel as their IEEE-754 bits, so
// a loaded world holds exactly the numbers that were saved. The reader never reads past its input and
// never trusts a count more than the bytes left can hold: bad input throws InvalidArgument.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sensu/math/scalar.h"

namespace sensu::detail {

class ByteWriter {
public:
    void U8(uint8_t x) { bytes_.push_back(x); }
    void U32(uint32_t x) {
        for (int i = 0; i < 4; ++i) bytes_.push_back(static_cast<uint8_t>(x >> (8 * i)));
    }
    void U64(uint64_t x) {
        for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<uint8_t>(x >> (8 * i)));
    }
    void F32(float x) { U32(std::bit_cast<uint32_t>(x)); }
    std::vector<uint8_t> Take() { return std::move(bytes_); }

private:
    std::vector<uint8_t> bytes_;
};

class ByteReader {
public:
    explicit ByteReader(std::span<const uint8_t> bytes) : bytes_(bytes) {}

    uint8_t U8() {
        Need(1);
        return bytes_[at_++];
    }
    uint32_t U32() {
        Need(4);
        uint32_t x = 0;
        for (int i = 0; i < 4; ++i) x |= uint32_t{bytes_[at_++]} << (8 * i);
        return x;
    }
    uint64_t U64() {
        Need(8);
        uint64_t x = 0;
        for (int i = 0; i < 8; ++i) x |= uint64_t{bytes_[at_++]} << (8 * i);
        return x;
    }
    float F32() { return std::bit_cast<float>(U32()); }
    /// A count of items of at least `minItemBytes` each: never more than the bytes left can hold, so a
    /// corrupt count cannot make the caller allocate more than the input's size.
    size_t Count(size_t minItemBytes) {
        const uint32_t n = U32();
        if (n > Remaining() / (minItemBytes > 0 ? minItemBytes : 1)) Fail("a count of " + std::to_string(n) + " items exceeds the data left");
        return n;
    }
    size_t Remaining() const { return bytes_.size() - at_; }
    size_t Offset() const { return at_; }
    /// Throws InvalidArgument naming the problem and where it was found.
    [[noreturn]] void Fail(const std::string& what) const {
        throw InvalidArgument("World::Load: " + what + " (at byte " + std::to_string(at_) + ")");
    }

private:
    void Need(size_t n) const {
        if (Remaining() < n) Fail("the data ends early (truncated)");
    }

    std::span<const uint8_t> bytes_;
    size_t at_ = 0;
};

} // namespace sensu::detail
