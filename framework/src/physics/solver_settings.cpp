#include "sensu/physics/solver_settings.h"

#include <string>

#include "sensu/math/scalar.h"

namespace sensu {

void Validate(const SolverSettings& s) {
    if (s.velocityIterations < 1) throw InvalidArgument("SolverSettings.velocityIterations must be >= 1");
    if (s.positionIterations < 0) throw InvalidArgument("SolverSettings.positionIterations must be >= 0");
    RequireFinite(s.restitutionThreshold, "SolverSettings.restitutionThreshold");
    RequireFinite(s.linearSlop, "SolverSettings.linearSlop");
    RequireFinite(s.baumgarte, "SolverSettings.baumgarte");
    if (s.restitutionThreshold < 0.0f || s.linearSlop < 0.0f) throw InvalidArgument("SolverSettings thresholds must be >= 0");
    if (s.baumgarte < 0.0f || s.baumgarte > 1.0f) throw InvalidArgument("SolverSettings.baumgarte must be in [0, 1]");
}

} // namespace sensu
