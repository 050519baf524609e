#include "engine/endgame/symmetry.hpp"

#include <algorithm>
#include <span>

namespace al0::endgame {

namespace {

// The piece bitboards of a position's image in the order canonical_symmetry compares them.
using Key = std::array<Bitboard, 2 * (PIECE_TYPE_NB - 1)>;

Key key_of(int t, const Position& pos) {
    Key key{};
    for (Bitboard b = pos.occupied(); b; b &= b - 1) {
        const Square s = lsb(b);
        const Piece p = pos.piece_on(s);
        // The kings first (White's, then Black's), then White's and Black's pieces by kind.
        const int place = type_of(p) == KING ? int(color_of(p))
                                             : 2 + int(color_of(p)) * 5 + int(type_of(p)) - QUEEN;
        key[std::size_t(place)] |= square_bb(transform(t, s));
    }
    return key;
}

// With pawns only the file mirror keeps them moving up the board.
int symmetries_of(const Position& pos) { return pos.pieces(PAWN) ? 2 : BOARD_SYMMETRIES; }

} // namespace

Position transform(int t, const Position& pos) {
    std::array<Placement, Position::MAX_PIECES> placed{};
    int n = 0;
    for (Bitboard b = pos.occupied(); b && n < Position::MAX_PIECES; b &= b - 1) {
        const Square s = lsb(b);
        placed[std::size_t(n++)] = {pos.piece_on(s), transform(t, s)};
    }
    const Square ep = is_ok(pos.ep_square()) ? transform(t, pos.ep_square()) : SQ_NONE;
    return Position::make(std::span(placed.data(), std::size_t(n)), pos.side_to_move(), ep,
                          pos.halfmove_clock(), pos.fullmove_number());
}

int canonical_symmetry(const Position& pos) {
    int best = 0;
    Key best_key = key_of(0, pos);
    for (int t = 1; t < symmetries_of(pos); ++t) {
        const Key key = key_of(t, pos);
        if (key < best_key) best = t, best_key = key;
    }
    return best;
}

int class_size(const Position& pos) {
    const int count = symmetries_of(pos);
    std::array<Key, BOARD_SYMMETRIES> images{};
    for (int t = 0; t < count; ++t) images[std::size_t(t)] = key_of(t, pos);
    std::sort(images.begin(), images.begin() + count);
    return int(std::unique(images.begin(), images.begin() + count) - images.begin());
}

} // namespace al0::endgame
