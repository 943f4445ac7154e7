#pragma once
/// Fixed-timestep clock, after Glenn Fiedler, "Fix Your Timestep!" (gafferongames.com, 2004):
/// real frame time (times a speed factor) fills an accumulator that is drained in fixed steps of dt;
/// what is left, as a fraction of dt, is the render interpolation factor alpha.
///
///   FixedTimestep clock;                        // 60 Hz
///   int steps = clock.Advance(realSecondsThisFrame);
///   for (int i = 0; i < steps; ++i) sample.Step(input);
///   renderer.SetAlpha(clock.alpha());
namespace sensu {

/// Turns real frame times into whole fixed steps (Fiedler's "fix your timestep"), with speed,
/// pause and single step.
class FixedTimestep {
public:
    /// dt: fixed step in seconds, > 0 (throws sensu::InvalidArgument otherwise).
    explicit FixedTimestep(float dt = 1.0f / 60.0f);

    /// The fixed step in seconds.
    float dt() const { return dt_; }
    /// Simulated seconds per real second, clamped to [1/64, 16]. 1 = real time.
    ///@{
    void SetSpeed(float speed);
    float speed() const { return speed_; }
    ///@}
    /// While paused, Advance returns 0 (or 1 after RequestSingleStep) and alpha freezes.
    ///@{
    void SetPaused(bool paused);
    bool paused() const { return paused_; }
    ///@}
    /// Makes the next Advance return exactly one step while paused (the "O" key).
    void RequestSingleStep() { singleStep_ = true; }

    /// Adds `realSeconds` of frame time and returns how many fixed steps to run now. Frame times are
    /// clamped to 0.25 s and at most `maxStepsPerFrame` steps are returned; the excess is dropped so a
    /// slow machine slows the simulation down instead of spiralling (Fiedler's "spiral of death").
    int Advance(double realSeconds);
    /// Fraction of a step accumulated but not simulated yet, in [0, 1).
    float alpha() const { return static_cast<float>(accumulator_ / dt_); }
    /// Empties the accumulator (after a restart).
    void Reset() { accumulator_ = 0.0; singleStep_ = false; }

    /// Upper bound on steps per Advance call (≥ 1).
    int maxStepsPerFrame = 16;

private:
    float dt_;
    float speed_ = 1.0f;
    bool paused_ = false;
    bool singleStep_ = false;
    double accumulator_ = 0.0;
};

} // namespace sensu
