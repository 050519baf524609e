#pragma once
// Wall-clock seconds since a start time: the one way al0 times its searches, verifications and
// benchmarks.

#include <chrono>

namespace al0::search {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace al0::search
