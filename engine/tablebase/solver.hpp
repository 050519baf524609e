#pragma once
// The retrograde solver of one material (see solver.cpp for the method).

#include "engine/tablebase/table.hpp"

#include <functional>

namespace al0::tablebase {

// Returns the entry of a board reached by a capture or a promotion, from an already built table
// of the material it converts into.
using ConversionProbe = std::function<std::uint8_t(const Board&)>;

// Returns the entries of every slot of the layout (see table.hpp for their meaning), solved on
// `threads` threads (the same entries for any number); the probe is called from all of them.
std::vector<std::uint8_t> solve(const Layout& layout, const ConversionProbe& probe,
                                int threads = 1);

// Tables of fewer slots are solved on one thread: a ply's work is then shorter than the barriers
// the threads meet at (every three-man table: at most 196,608 slots; every four-man one has
// at least 3.7 million).
inline constexpr std::uint32_t PARALLEL_MIN_SLOTS = 1u << 20;

// Returns how many of `threads` solve a table of `slots` slots.
constexpr int solving_threads(std::uint32_t slots, int threads) {
    return slots < PARALLEL_MIN_SLOTS ? 1 : threads;
}

} // namespace al0::tablebase
