#pragma once
/// The HUD's counts for one detection mode.

namespace sensu::blade {

/// Every target is scored once, in the first step the truth says the blade reached its inner half (a
/// crossing, modes.h) or, for region modes, in the first step the mode registers it without a
/// crossing (a false hit; a graze of the rim counts as one).
struct Tally {
    int crossings = 0;  ///< targets the blade truly went into (hits + misses)
    int hits = 0;       ///< crossings the mode registered (region modes) or the engine deflected in that step
    int misses = 0;     ///< crossings the mode did not register: the blade went through the target
    int falseHits = 0;  ///< region modes only: registered although the blade never went into the target
    int hurt = 0;       ///< targets that reached the player

    /// Share of crossings missed, in [0, 1] (0 before the first crossing).
    double MissRate() const { return crossings > 0 ? static_cast<double>(misses) / crossings : 0.0; }
};

} // namespace sensu::blade
