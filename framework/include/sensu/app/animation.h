#pragma once
/// Sprite sheets and animation: a texture cut into a grid of equal frames, named clips of frames with
/// a frame time, looping or one-shot, and an Animator that plays them. Pure timing and bookkeeping
/// (no SDL): draw the current frame with Renderer::DrawSpriteFrame.
///
///   const SpriteSheet sheet{.texture = "assets/sprites/runner.png", .frameWidth = 32, .frameHeight = 48,
///                           .columns = 8, .rows = 1};
///   Animator anim(sheet, {{.name = "idle", .frames = {0, 1}, .frameSeconds = 0.4f},
///                         {.name = "run", .frames = {2, 3, 4, 5}, .frameSeconds = 0.09f},
///                         {.name = "jump", .frames = {6}, .loop = false}});
///   anim.Play("run");  anim.Update(dt);  renderer.DrawSpriteFrame(texture, sheet.FrameRect(anim.frame()), ...);
#include <string>
#include <string_view>
#include <vector>

#include "sensu/geometry/alpha_mask.h"

namespace sensu {

/// A texture holding `columns` × `rows` frames of frameWidth × frameHeight pixels, numbered row by
/// row from the top-left corner.
struct SpriteSheet {
    std::string texture;  ///< image file (PNG), loaded with Renderer::LoadTexture
    int frameWidth = 0;   ///< pixels, ≥ 1
    int frameHeight = 0;  ///< pixels, ≥ 1
    int columns = 1;      ///< frames per row, ≥ 1
    int rows = 1;         ///< rows of frames, ≥ 1

    /// Number of frames, columns · rows.
    int FrameCount() const { return columns * rows; }
    /// The pixel rectangle of frame `index` (0 ≤ index < FrameCount(); InvalidArgument otherwise).
    PixelRect FrameRect(int index) const;
};

/// A named sequence of sheet frames shown for `frameSeconds` each.
struct AnimationClip {
    std::string name;                ///< unique within an Animator
    std::vector<int> frames;         ///< sheet frame indices, at least one
    float frameSeconds = 0.1f;       ///< s per frame, > 0
    bool loop = true;                ///< start again after the last frame, or hold it (one-shot)
};

/// Plays the clips of one sheet: which frame shows now.
class Animator {
public:
    /// Validates the sheet and clips (sizes ≥ 1, frames in range, frameSeconds > 0 and finite, names
    /// unique and not empty) and starts the first clip. Throws InvalidArgument naming the problem.
    Animator(SpriteSheet sheet, std::vector<AnimationClip> clips);

    /// Switches to clip `name` from its first frame; playing the clip already playing changes nothing
    /// unless `restart`. Throws InvalidArgument for an unknown name.
    void Play(std::string_view name, bool restart = false);
    /// Advances the clock by dt seconds (≥ 0 and finite). A one-shot clip stops on its last frame.
    void Update(float dt);

    /// The sheet frame to draw now.
    int frame() const;
    /// Index of the current frame within the clip (0 … frames − 1).
    int clipFrame() const { return clipFrame_; }
    /// Name of the clip playing.
    const std::string& clip() const { return clips_[current_].name; }
    /// True when a one-shot clip has shown its last frame for its full time (never for loops).
    bool finished() const { return finished_; }
    /// The sheet the frames come from.
    const SpriteSheet& sheet() const { return sheet_; }

private:
    SpriteSheet sheet_;
    std::vector<AnimationClip> clips_;
    size_t current_ = 0;
    int clipFrame_ = 0;
    float elapsed_ = 0.0f;  // s into the current frame
    bool finished_ = false;
};

} // namespace sensu
