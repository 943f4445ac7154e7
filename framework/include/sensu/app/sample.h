#pragma once
/// Samples and tutorial steps: what the sample browser runs.
///
/// Each item registers itself with one line at the bottom of its own .cpp file:
///   static const int registered = sensu::RegisterSample("Tutorial 01", "1 Discrete stepping", &MyStep::Create);
/// Item sources are compiled straight into the executables (an OBJECT library), never into a static
/// library, so the linker cannot drop the registration.
#include <memory>

namespace sensu {

class Renderer;
struct Input;

/// Per-run settings handed to a sample when it is created.
struct SampleSettings {
    /// Fixed step in seconds (60 Hz default).
    float dt = 1.0f / 60.0f;
    /// True when running without a window (tests, --headless); samples must not depend on input then.
    bool headless = false;
};

class Sample {
public:
    virtual ~Sample() = default;
    /// Advance the sample by one fixed step of settings.dt seconds.
    virtual void Step(const Input& input) = 0;
    /// Draw the current state in world units (metres, y up).
    virtual void Draw(Renderer& renderer) = 0;
    /// Optional Dear ImGui controls and readouts (called inside the sample's own window).
    virtual void Ui() {}
};

using SampleFactory = std::unique_ptr<Sample> (*)(const SampleSettings& settings);

struct SampleEntry {
    const char* category;
    const char* name;
    SampleFactory create;
};

inline constexpr int kMaxSamples = 256;

/// Registers an item; returns its index. Safe to call during static initialisation.
int RegisterSample(const char* category, const char* name, SampleFactory create);
/// Number of registered items.
int SampleCount();
/// The registered items, sorted by (category, name) on first call after registration.
const SampleEntry* Samples();
/// Index of "Category/Name", or -1.
int FindSample(const char* categoryAndName);

} // namespace sensu
