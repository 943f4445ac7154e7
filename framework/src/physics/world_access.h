#pragma once
// Read access to a World's internals for the subsystems that live in their own files as free functions
// (world_queries.cpp, explosion.cpp), so World's class needs one friend line instead of their methods.
#include "world_internal.h"

namespace sensu {

struct WorldAccess {
    static const WorldImpl& Impl(const World& world) { return *world.impl_; }
};

} // namespace sensu
