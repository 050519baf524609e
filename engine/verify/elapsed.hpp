#pragma once
// Wall-clock seconds since a start time, for the timings verification reports.

#include <chrono>

namespace al0::verify {

inline double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace al0::verify
