// World snapshot and restore: Clone copies the state; Save and Load write and read it as bytes.
#include "sensu/physics/world.h"

#include "world_internal.h"

namespace sensu {

World World::Clone() const {
    World copy;
    copy.impl_ = std::make_unique<WorldImpl>(*impl_);
    return copy;
}

} // namespace sensu
