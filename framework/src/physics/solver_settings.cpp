#include "sensu/physics/solver_settings.h"

#include <string>

#include "sensu/math/scalar.h"

namespace sensu {

void Validate(const SolverSettings& s) {
    if (s.velocityIterations < 1) throw InvalidArgument("SolverSettings.velocityIterations must be >= 1");
    if (s.positionIterations < 0) throw InvalidArgument("SolverSettings.positionIterations must be >= 0");
    const float values[] = {s.restitutionThreshold, s.linearSlop,      s.baumgarte,        s.maxCorrection,
                            s.speculativeDistance,  s.aabbMargin,      s.restLinearSpeed,  s.restAngularSpeed,
                            s.restTime,             s.supportNormalY};
    for (float v : values) RequireFinite(v, "SolverSettings value");
    if (s.restitutionThreshold < 0.0f || s.linearSlop < 0.0f || s.speculativeDistance < 0.0f || s.aabbMargin < 0.0f)
        throw InvalidArgument("SolverSettings thresholds, slop and margins must be >= 0");
    if (s.restLinearSpeed < 0.0f || s.restAngularSpeed < 0.0f || s.restTime < 0.0f)
        throw InvalidArgument("SolverSettings rest speeds and restTime must be >= 0");
    if (s.baumgarte < 0.0f || s.baumgarte > 1.0f) throw InvalidArgument("SolverSettings.baumgarte must be in [0, 1]");
    if (s.maxCorrection <= 0.0f) throw InvalidArgument("SolverSettings.maxCorrection must be > 0");
    if (s.broadPhase != BroadPhaseKind::AabbTree && s.broadPhase != BroadPhaseKind::MortonQuadtree)
        throw InvalidArgument("SolverSettings.broadPhase is not a BroadPhaseKind");
    RequireFinite(s.continuousThreshold, "SolverSettings.continuousThreshold");
    if (s.continuousThreshold <= 0.0f) throw InvalidArgument("SolverSettings.continuousThreshold must be > 0");
    if (s.continuousMaxImpacts < 1) throw InvalidArgument("SolverSettings.continuousMaxImpacts must be >= 1");
    if (s.threads < 1 || s.threads > 64) throw InvalidArgument("SolverSettings.threads must be in [1, 64]");
    if (s.solver != SolverKind::SequentialImpulses && s.solver != SolverKind::SoftStep)
        throw InvalidArgument("SolverSettings.solver is not a SolverKind");
    if (s.subSteps < 1 || s.subSteps > 64) throw InvalidArgument("SolverSettings.subSteps must be in [1, 64]");
    RequireFinite(s.contactHertz, "SolverSettings.contactHertz");
    RequireFinite(s.contactDampingRatio, "SolverSettings.contactDampingRatio");
    RequireFinite(s.maxPushOutSpeed, "SolverSettings.maxPushOutSpeed");
    if (s.contactHertz <= 0.0f) throw InvalidArgument("SolverSettings.contactHertz must be > 0");
    if (s.contactDampingRatio < 0.0f) throw InvalidArgument("SolverSettings.contactDampingRatio must be >= 0");
    if (s.maxPushOutSpeed <= 0.0f) throw InvalidArgument("SolverSettings.maxPushOutSpeed must be > 0");
    if (s.supportNormalY <= 0.0f || s.supportNormalY > 1.0f) throw InvalidArgument("SolverSettings.supportNormalY must be in (0, 1]");
}

} // namespace sensu
