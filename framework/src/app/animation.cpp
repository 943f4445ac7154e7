#include "sensu/app/animation.h"

#include <cmath>

#include "sensu/math/scalar.h"

namespace sensu {

PixelRect SpriteSheet::FrameRect(int index) const {
    if (index < 0 || index >= FrameCount()) {
        throw InvalidArgument("sprite sheet '" + texture + "' has frames 0 … " + std::to_string(FrameCount() - 1) +
                              ", not " + std::to_string(index));
    }
    const int x = (index % columns) * frameWidth;
    const int y = (index / columns) * frameHeight;
    return {x, y, x + frameWidth, y + frameHeight};
}

Animator::Animator(SpriteSheet sheet, std::vector<AnimationClip> clips) : sheet_(std::move(sheet)), clips_(std::move(clips)) {
    if (sheet_.frameWidth < 1 || sheet_.frameHeight < 1 || sheet_.columns < 1 || sheet_.rows < 1) {
        throw InvalidArgument("sprite sheet '" + sheet_.texture + "': frame size, columns and rows must be ≥ 1");
    }
    if (clips_.empty()) throw InvalidArgument("Animator needs at least one clip");
    for (size_t i = 0; i < clips_.size(); ++i) {
        const AnimationClip& c = clips_[i];
        if (c.name.empty()) throw InvalidArgument("animation clip " + std::to_string(i) + " has no name");
        for (size_t j = 0; j < i; ++j) {
            if (clips_[j].name == c.name) throw InvalidArgument("two animation clips are named '" + c.name + "'");
        }
        if (c.frames.empty()) throw InvalidArgument("animation clip '" + c.name + "' has no frames");
        for (const int f : c.frames) {
            if (f < 0 || f >= sheet_.FrameCount()) {
                throw InvalidArgument("animation clip '" + c.name + "' uses frame " + std::to_string(f) + " of a sheet with " +
                                      std::to_string(sheet_.FrameCount()));
            }
        }
        if (!IsFinite(c.frameSeconds) || c.frameSeconds <= 0.0f) {
            throw InvalidArgument("animation clip '" + c.name + "': frameSeconds must be > 0");
        }
    }
}

void Animator::Play(std::string_view name, bool restart) {
    for (size_t i = 0; i < clips_.size(); ++i) {
        if (clips_[i].name != name) continue;
        if (i == current_ && !restart) return;
        current_ = i;
        clipFrame_ = 0;
        elapsed_ = 0.0f;
        finished_ = false;
        return;
    }
    throw InvalidArgument("no animation clip named '" + std::string(name) + "'");
}

void Animator::Update(float dt) {
    if (!IsFinite(dt) || dt < 0.0f) throw InvalidArgument("Animator::Update: dt must be ≥ 0 and finite");
    const AnimationClip& c = clips_[current_];
    const int count = static_cast<int>(c.frames.size());
    elapsed_ += dt;
    if (elapsed_ < c.frameSeconds) return;
    // Whole frames passed (several when dt is long), without a loop per frame.
    const float passed = std::floor(elapsed_ / c.frameSeconds);
    elapsed_ -= passed * c.frameSeconds;
    const long next = static_cast<long>(clipFrame_) + static_cast<long>(passed);
    if (c.loop) {
        clipFrame_ = static_cast<int>(next % count);
    } else if (next >= count) {
        clipFrame_ = count - 1;
        elapsed_ = 0.0f;
        finished_ = true;
    } else {
        clipFrame_ = static_cast<int>(next);
    }
}

int Animator::frame() const { return clips_[current_].frames[static_cast<size_t>(clipFrame_)]; }

} // namespace sensu
