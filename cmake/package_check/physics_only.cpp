// A box dropped on the ground for two seconds, built against the installed sensu::physics only.
// Prints where it rests; exits 1 unless it came to rest on the ground.
#include <cmath>
#include <cstdio>

#include "sensu/physics/world.h"

int main() {
    sensu::World world;
    const sensu::BodyId ground = world.CreateBody({.type = sensu::BodyType::Static});
    world.CreateShape(ground, {.geometry = sensu::Box({10.0f, 0.5f}, {0.0f, -0.5f})});
    const sensu::BodyId box = world.CreateBody({.type = sensu::BodyType::Dynamic, .position = {0.0f, 2.0f}});
    world.CreateShape(box, {.geometry = sensu::Box({0.5f, 0.5f}), .density = 1.0f});
    for (int i = 0; i < 120; ++i) world.Step(1.0f / 60.0f);
    const float y = world.GetPosition(box).y;
    std::printf("box rests at y = %.3f m\n", static_cast<double>(y));
    return std::abs(y - 0.5f) < 0.02f ? 0 : 1;
}
