// sensu starter: the smallest game on the installed framework.
// A window (or a headless image), a fixed 60 Hz step, a physics world, drawing and input.
//
// Keys: Space or left click drops a box (at the mouse), R restarts, Esc quits.
// Flags: --headless, --frames N (stop after N frames), --screenshot FILE (PNG of the last frame).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <variant>
#include <vector>

#include "sensu/app/app.h"
#include "sensu/app/timestep.h"
#include "sensu/physics/world.h"

namespace {

struct Options {
    bool headless = false;
    int frames = -1;  // run until the window closes
    std::string screenshot;
};

bool ParseOptions(int argc, char** argv, Options& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--headless") options.headless = true;
        else if (arg == "--frames" && i + 1 < argc) options.frames = std::atoi(argv[++i]);
        else if (arg == "--screenshot" && i + 1 < argc) options.screenshot = argv[++i];
        else {
            std::fprintf(stderr, "unknown argument '%s'\nusage: sensu-starter [--headless] [--frames N] [--screenshot FILE]\n", arg.c_str());
            return false;
        }
    }
    return true;
}

// The level: a ground box, two ramps and a few crates.
sensu::World MakeWorld() {
    sensu::World world;
    const sensu::BodyId ground = world.CreateBody({.type = sensu::BodyType::Static});
    world.CreateShape(ground, {.geometry = sensu::Box({12.0f, 0.5f}, {0.0f, -0.5f})});
    world.CreateShape(ground, {.geometry = sensu::Box({3.0f, 0.2f}, {-6.0f, 4.0f}, -0.3f)});
    world.CreateShape(ground, {.geometry = sensu::Box({3.0f, 0.2f}, {6.0f, 6.0f}, 0.3f)});
    for (int i = 0; i < 6; ++i) {
        const sensu::BodyId crate = world.CreateBody({.type = sensu::BodyType::Dynamic, .position = {-1.0f + 0.4f * i, 1.0f + 1.1f * i}});
        world.CreateShape(crate, {.geometry = sensu::Box({0.5f, 0.5f})});
    }
    return world;
}

void DropBox(sensu::World& world, sensu::Vec2 at) {
    const sensu::BodyId body = world.CreateBody({.type = sensu::BodyType::Dynamic, .position = at, .angle = 0.4f});
    world.CreateShape(body, {.geometry = sensu::Box({0.4f, 0.3f}), .restitution = 0.2f});
}

void DrawWorld(const sensu::World& world, sensu::Renderer& renderer) {
    std::vector<sensu::BodyId> bodies;
    world.GetBodies(bodies);
    for (const sensu::BodyId body : bodies) {
        const sensu::Color color = world.GetType(body) == sensu::BodyType::Static ? sensu::colors::kStatic
                                   : world.IsAwake(body)                         ? sensu::colors::kDynamic
                                                                                 : sensu::colors::kResting;
        for (const sensu::ShapeId shape : world.GetShapes(body))
            std::visit([&](const auto& geometry) { renderer.DrawShape(geometry, world.GetTransform(body), color); },
                       world.GetGeometry(shape));
    }
}

} // namespace

int main(int argc, char** argv) {
    Options options;
    if (!ParseOptions(argc, argv, options)) return 2;
    try {
        sensu::App app({.title = "sensu starter", .headless = options.headless});
        sensu::Camera& camera = app.renderer().camera();
        camera.center = {0.0f, 6.0f};
        camera.viewHeight = 15.0f;
        sensu::World world = MakeWorld();
        sensu::FixedTimestep clock;
        sensu::Input input;
        int frame = 0;
        sensu::Image capture;
        while (app.BeginFrame(input)) {
            if (input.Pressed(sensu::Key::Escape)) break;
            if (input.Pressed(sensu::Key::R)) world = MakeWorld();
            if (input.Pressed(sensu::Key::Space)) DropBox(world, {0.0f, 12.0f});
            if (input.Pressed(sensu::MouseButton::Left) && !input.uiCapturedMouse) DropBox(world, input.mouseWorld);
            // Headless runs are deterministic: exactly one fixed step per frame.
            const int steps = app.headless() ? 1 : clock.Advance(app.frameSeconds());
            for (int i = 0; i < steps; ++i) world.Step(clock.dt());
            if (app.headless() && frame % 20 == 0) DropBox(world, {0.3f * float(frame % 7) - 1.0f, 12.0f});

            sensu::Renderer& renderer = app.renderer();
            renderer.Clear();
            DrawWorld(world, renderer);
            renderer.DrawScreenText({12, 12}, "sensu starter: Space or click drops a box, R restarts", sensu::colors::kText);
            ++frame;
            const bool last = options.frames >= 0 && frame >= options.frames;
            app.EndFrame(last && !options.screenshot.empty() ? &capture : nullptr);
            if (last) break;
        }
        if (!options.screenshot.empty()) {
            sensu::WritePng(capture, options.screenshot);
            std::printf("screenshot written to %s\n", options.screenshot.c_str());
        }
    } catch (const sensu::DisplayUnavailable& e) {
        std::fprintf(stderr, "no display (%s): run with --headless --frames 120 --screenshot out.png\n", e.what());
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "sensu-starter: %s\n", e.what());
        return 1;
    }
    return 0;
}
