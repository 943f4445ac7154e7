#pragma once
// Where x86-64 intrinsics stand in for a portable path (float4.h, sincos_pair.h, rotating_toi.cpp),
// SENSU_X86_PATHS is 1. Configuring with -DSENSU_PORTABLE=ON defines SENSU_PORTABLE_PATHS and compiles
// the portable code on x86-64 too: .ci/run runs the geometry tests that way, so the code that ARM and
// other targets build is compiled and tested on every change.
#if (defined(__SSE2__) || defined(_M_X64)) && !defined(SENSU_PORTABLE_PATHS)
#define SENSU_X86_PATHS 1
#else
#define SENSU_X86_PATHS 0
#endif
