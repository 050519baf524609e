#pragma once
// Zobrist keys: one random 64-bit number per (piece, square), per en passant file and for Black
// to move. A position's key is the XOR of those that apply; do_move updates it incrementally.
// The numbers come from splitmix64 at compile time, so keys are the same in every build.

#include "engine/chess/types.hpp"

#include <array>
#include <cstdint>

namespace al0::zobrist {

namespace detail {
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

struct Keys {
    std::array<std::array<std::uint64_t, SQUARE_NB>, PIECE_NB> piece_square{};
    std::array<std::uint64_t, FILE_NB> en_passant{};
    std::uint64_t black_to_move = 0;
};

constexpr Keys make_keys() {
    Keys k;
    std::uint64_t state = 0x616c30; // "al0"
    for (auto& squares : k.piece_square)
        for (auto& key : squares) key = splitmix64(state);
    for (auto& key : k.en_passant) key = splitmix64(state);
    k.black_to_move = splitmix64(state);
    return k;
}
} // namespace detail

inline constexpr detail::Keys KEYS = detail::make_keys();

constexpr std::uint64_t piece_square(Piece p, Square s) { return KEYS.piece_square[p][s]; }
constexpr std::uint64_t en_passant(Square s) { return KEYS.en_passant[file_of(s)]; }
constexpr std::uint64_t black_to_move() { return KEYS.black_to_move; }

} // namespace al0::zobrist
