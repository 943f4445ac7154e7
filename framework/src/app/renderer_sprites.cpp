// Renderer: textured quads (whole sprites and frames of sprite sheets).
#include <SDL.h>

#include "sensu/app/renderer.h"

namespace sensu {

void Renderer::DrawTexturePart(const Texture& texture, const PixelRect* source, Vec2 center, Vec2 size, float angle, bool flipX,
                               Color tint) {
    const Vec2 c = camera_.WorldToScreen(center);
    const Vec2 s = camera_.WorldToPixels(1.0f) * Abs(size);
    if (!IsFinite(c) || !IsFinite(s) || !IsFinite(angle) || s.x < 0.5f || s.y < 0.5f) return;
    // Skip sprites entirely off screen (their bounding circle misses the output) or absurdly large.
    const float reach = 0.5f * Length(s);
    if (c.x + reach < 0.0f || c.y + reach < 0.0f || c.x - reach > static_cast<float>(width()) ||
        c.y - reach > static_cast<float>(height()) || reach > 1e5f) {
        return;
    }
    SDL_SetTextureColorMod(texture.sdlTexture(), tint.r, tint.g, tint.b);
    SDL_SetTextureAlphaMod(texture.sdlTexture(), tint.a);
    const SDL_FRect dst{c.x - 0.5f * s.x, c.y - 0.5f * s.y, s.x, s.y};
    SDL_Rect src{};
    if (source != nullptr) src = {source->minX, source->minY, source->Width(), source->Height()};
    // SDL turns clockwise on screen (y down); the world turns counter-clockwise (y up).
    const double degrees = -static_cast<double>(angle) * 180.0 / static_cast<double>(kPi);
    SDL_RenderCopyExF(renderer_, texture.sdlTexture(), source != nullptr ? &src : nullptr, &dst, degrees, nullptr,
                      flipX ? SDL_FLIP_HORIZONTAL : SDL_FLIP_NONE);
}

void Renderer::DrawSprite(const Texture& texture, Vec2 center, Vec2 size, float angle, Color tint) {
    DrawTexturePart(texture, nullptr, center, size, angle, false, tint);
}

void Renderer::DrawSprite(const std::string& path, Vec2 center, Vec2 size, float angle, Color tint) {
    DrawSprite(LoadTexture(path), center, size, angle, tint);
}

void Renderer::DrawSpriteFrame(const Texture& texture, const PixelRect& frame, Vec2 center, Vec2 size, bool flipX, float angle,
                               Color tint) {
    if (frame.IsEmpty() || frame.minX < 0 || frame.minY < 0 || frame.maxX > texture.width() || frame.maxY > texture.height()) {
        throw InvalidArgument("sprite frame outside the texture '" + texture.path() + "'");
    }
    DrawTexturePart(texture, &frame, center, size, angle, flipX, tint);
}

} // namespace sensu
