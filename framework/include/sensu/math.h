#pragma once
#include "sensu/math/aabb.h"
#include "sensu/math/rot.h"
#include "sensu/math/scalar.h"
#include "sensu/math/transform.h"
#include "sensu/math/vec2.h"
