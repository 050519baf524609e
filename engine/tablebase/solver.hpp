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

} // namespace al0::tablebase
