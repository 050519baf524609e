// The reference counter of bench.hpp, in a file of its own so that it is compiled as the same
// counter written in C is with `gcc -O2` (tools/bench/CMakeLists.txt): at the build's -O3 g++
// unrolls its recursion and counts about a fifth faster, which made the core's ratio to it look
// worse than against the C program.

#include "tools/bench/bench.hpp"

namespace al0::tools {

std::uint64_t plain_queens_count(std::uint32_t all, std::uint32_t columns, std::uint32_t left,
                                 std::uint32_t right) {
    if (columns == all) return 1;
    std::uint64_t count = 0;
    for (std::uint32_t free = ~(columns | left | right) & all; free != 0; free &= free - 1) {
        const std::uint32_t bit = free & (0u - free);
        count += plain_queens_count(all, columns | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return count;
}

} // namespace al0::tools
