#pragma once
// The slot of a node (its state's code and its depth) in a memo of 2^BITS slots (or buckets),
// shared by the search's failure and success memos.

#include <cstddef>
#include <cstdint>

namespace al0::search {

template <int BITS>
std::size_t memo_slot(std::uint64_t code, int depth) {
    return std::size_t(((code ^ std::uint64_t(depth) << 56) * 0x9E3779B97F4A7C15ull) >>
                       (64 - BITS));
}

} // namespace al0::search
