// sensu-bench-joint-kinds: every joint kind in one small scene (sensu_scenes/joint_kinds.h), run by
// sensu and by Box2D 2.4 through the one adapter (issue 13: "the adapter learns every joint kind so the
// same SceneDef runs in both engines"). Each scene ends at a state physics determines, so both engines
// are checked against it and against each other; prints a row per scene and engine with the errors.
//
//   sensu-bench-joint-kinds [--quick] [--csv FILE]
//
// Exit code 1 when an engine misses a scene's expected end state (a joint kind the adapter or our
// solver gets wrong), 2 on bad arguments. --quick is accepted for CI and changes nothing (the scenes
// take milliseconds).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "sensu_baseline/box2d_world.h"
#include "csv_file.h"
#include "sensu_scenes/joint_kinds.h"
#include "sensu_scenes/metrics.h"

using namespace sensu;

namespace {

struct Check {
    const char* what;
    float error, tolerance;
};

// The errors of a body's end state against the scene's expectations (unchecked ones skipped).
std::vector<Check> Errors(const scenes::JointKindScene& k, const scenes::BodySample& s) {
    std::vector<Check> out;
    if (k.positionTolerance >= 0.0f) out.push_back({"position", Length(s.position - k.position), k.positionTolerance});
    if (k.angleTolerance >= 0.0f) out.push_back({"angle", std::fabs(s.angle - k.angle), k.angleTolerance});
    if (k.velocityTolerance >= 0.0f) out.push_back({"velocity", Length(s.velocity - k.velocity), k.velocityTolerance});
    if (k.angularVelocityTolerance >= 0.0f)
        out.push_back({"angular velocity", std::fabs(s.angularVelocity - k.angularVelocity), k.angularVelocityTolerance});
    return out;
}

// The scene's moving body at the end of a run, from the dynamic bodies' samples (SceneDef order).
scenes::BodySample EndState(const scenes::JointKindScene& k, const std::vector<scenes::BodySample>& dynamicBodies) {
    int dynamicIndex = 0;
    for (int i = 0; i < k.body; ++i) dynamicIndex += k.scene.bodies[static_cast<size_t>(i)].body.type == BodyType::Dynamic ? 1 : 0;
    return dynamicBodies.at(static_cast<size_t>(dynamicIndex));
}

} // namespace

int main(int argc, char** argv) {
    std::string csvPath;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            continue;
        } else if (std::strcmp(argv[i], "--csv") == 0 && i + 1 < argc) {
            csvPath = argv[++i];
        } else {
            std::fprintf(stderr, "usage: %s [--quick] [--csv FILE]\n", argv[0]);
            return 2;
        }
    }
    FILE* csv = csvPath.empty() ? nullptr
                                : bench::OpenCsv(csvPath, "scene,engine,x,y,angle,vx,vy,angular_velocity,worst_check,worst_error,tolerance,pass");
    if (!csvPath.empty() && !csv) return 2;
    std::printf("%-16s %-6s %9s %9s %8s %8s %8s %8s  %s\n", "scene", "engine", "x", "y", "angle", "vx", "vy", "omega", "worst check");
    int failures = 0;
    for (const scenes::JointKindScene& k : scenes::JointKindScenes()) {
        for (const bool ours : {true, false}) {
            std::vector<scenes::BodySample> samples;
            if (ours) {
                SolverSettings settings;
                settings.restStates = false;
                scenes::BuiltWorld built = scenes::BuildWorld(k.scene, settings);
                for (int i = 0; i < k.scene.steps; ++i) built.world.Step(k.scene.dt);
                scenes::SampleWorld(built, k.scene, samples);
            } else {
                baseline::Box2DWorld world(k.scene, false);
                for (int i = 0; i < k.scene.steps; ++i) world.Step();
                world.Sample(samples);
            }
            const scenes::BodySample s = EndState(k, samples);
            const std::vector<Check> checks = Errors(k, s);
            Check worst = checks.at(0);
            bool pass = true;
            for (const Check& c : checks) {
                if (c.error / c.tolerance > worst.error / worst.tolerance) worst = c;
                pass = pass && c.error <= c.tolerance;
            }
            failures += pass ? 0 : 1;
            const char* engine = ours ? "sensu" : "box2d";
            std::printf("%-16s %-6s %9.4f %9.4f %8.4f %8.4f %8.4f %8.4f  %s %.4f of %.4f: %s\n", k.scene.name.c_str(), engine, s.position.x,
                        s.position.y, s.angle, s.velocity.x, s.velocity.y, s.angularVelocity, worst.what, worst.error, worst.tolerance,
                        pass ? "pass" : "FAIL");
            if (csv)
                std::fprintf(csv, "%s,%s,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%s,%.6f,%.6f,%d\n", k.scene.name.c_str(), engine, s.position.x, s.position.y,
                             s.angle, s.velocity.x, s.velocity.y, s.angularVelocity, worst.what, worst.error, worst.tolerance, pass ? 1 : 0);
        }
    }
    if (csv) std::fclose(csv);
    std::printf("%s\n", failures == 0 ? "every joint kind reaches its expected end state in both engines" : "some runs missed their end state (FAIL above)");
    return failures == 0 ? 0 : 1;
}
