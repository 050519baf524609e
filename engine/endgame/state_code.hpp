#pragma once
// An exact code of an endgame state, for the memos (Domain::code), inline so that a search
// compiled for an advice (engine/codegen) codes its nodes as the domain does.

#include "engine/endgame/roles.hpp"
#include "engine/endgame/state.hpp"

#include <cstdint>

namespace al0::endgame {

// The roles (bit r: role r) of ROLES that began as pawns: only their pieces change type.
[[nodiscard]] inline std::uint32_t pawn_roles(const Roles& roles) {
    std::uint32_t pawns = 0;
    for (int r = 0; r < roles.count; ++r)
        pawns |= std::uint32_t(type_of(roles.piece[r]) == PAWN) << r;
    return pawns;
}

// The code of S with ROLE_COUNT roles, PAWNS those that began as pawns (pawn_roles): where each
// role stands and which piece it is, the side to move and the en passant square (the FEN
// counters, which no primitive reads, are left out).
[[nodiscard, gnu::always_inline]] inline std::uint64_t state_code(const State& s, int role_count,
                                                                  std::uint32_t pawns) {
    // 7 bits a square (SQ_NONE is 64): 35 for five roles; 3 bits of piece type for each role
    // that began as a pawn (only those change type): at most 9; the en passant square and the
    // side to move: 8.
    static_assert(MAX_ROLES <= 5);
    std::uint64_t c = 0;
    // Why no pext of the squares' word for a material without pawns: fewer instructions, but
    // the book table's fresh trees on the endgame domain took a tenth longer on this machine's CPU.
    for (int role = 0; role < role_count; ++role) {
        const Square sq = s.sq[role];
        c = c << 7 | sq;
        if (pawns >> role & 1) c = c << 3 | type_of(s.piece[role]); // NO_PIECE: 0
    }
    return c << 8 | std::uint64_t(s.ep) << 1 | (s.stm == BLACK);
}

} // namespace al0::endgame
