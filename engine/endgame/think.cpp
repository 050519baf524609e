#include "engine/endgame/think.hpp"

#include "engine/chess/material.hpp"
#include "engine/endgame/compiled_domain.hpp"

namespace al0::endgame {

Position flip(const Position& pos) {
    std::array<Placement, Position::MAX_PIECES> placed{};
    int n = 0;
    for (Bitboard b = pos.occupied(); b && n < Position::MAX_PIECES; b &= b - 1) {
        const Square s = lsb(b);
        const Piece p = pos.piece_on(s);
        placed[std::size_t(n++)] = {make_piece(~color_of(p), type_of(p)), Square(s ^ 56)};
    }
    const Square ep = is_ok(pos.ep_square()) ? Square(pos.ep_square() ^ 56) : SQ_NONE;
    return Position::make(std::span(placed.data(), std::size_t(n)), ~pos.side_to_move(), ep,
                          pos.halfmove_clock(), pos.fullmove_number());
}

namespace {

// Returns whether POS has exactly the pieces of ROLES, with us as colour US.
bool has_pieces(const Roles& roles, const Position& pos, Color us) {
    std::array<int, PIECE_NB> wanted{};
    for (int role = 0; role < roles.count; ++role) {
        const Piece p = roles.piece[std::size_t(role)];
        ++wanted[make_piece(color_of(p) == WHITE ? us : ~us, type_of(p))];
    }
    for (Color c : {WHITE, BLACK})
        for (PieceType pt = KING; pt < PIECE_TYPE_NB; pt = PieceType(pt + 1))
            if (popcount(pos.pieces(c, pt)) != wanted[make_piece(c, pt)]) return false;
    return true;
}

// Gives each role of ROLES a piece of its kind on O's board (doubled pieces in square order):
// O's state.
void assign_roles(const Roles& roles, Oriented& o) {
    Bitboard taken = 0;
    std::array<Square, MAX_ROLES> sq{SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE};
    for (int role = 0; role < roles.count; ++role) {
        const Piece p = roles.piece[std::size_t(role)];
        const Bitboard free = o.pos.pieces(color_of(p), type_of(p)) & ~taken;
        sq[std::size_t(role)] = lsb(free); // has_pieces guarantees one is free
        taken |= square_bb(lsb(free));
    }
    o.state = state_of(o.pos, sq);
}

} // namespace

namespace {

// Returns POS with the table's side as White (roles and state not yet given), or nothing as orient
// says.
std::optional<Oriented> orient_colours(const Roles& roles, const Position& pos, std::string* why) {
    const bool as_white = has_pieces(roles, pos, WHITE), as_black = has_pieces(roles, pos, BLACK);
    if (!as_white && !as_black) {
        if (why)
            *why = "the position is " + material_signature(pos) + ", the table plays " +
                   roles.material;
        return std::nullopt;
    }
    Oriented o;
    // Either side could be us when both have the same pieces: then the stronger side rule of
    // material.hpp (White on a tie) decides.
    o.flipped = as_white && as_black ? stronger_side(pos) == BLACK : !as_white;
    o.pos = o.flipped ? flip(pos) : pos;
    return o;
}

} // namespace

std::optional<Oriented> orient(const Roles& roles, const Position& pos, std::string* why) {
    auto o = orient_colours(roles, pos, why);
    if (o) assign_roles(roles, *o);
    return o;
}

std::optional<Oriented> orient(const CompiledTable& table, const Position& pos, std::string* why) {
    auto o = orient_colours(table.roles, pos, why);
    if (!o) return o;
    if (table.symmetric) {
        o->symmetry = canonical_symmetry(o->pos);
        if (o->symmetry != 0) o->pos = transform(o->symmetry, o->pos);
    }
    assign_roles(table.roles, *o);
    return o;
}

std::optional<std::string> think_into(const CompiledTable& table, const Position& pos,
                                      const search::Options& options,
                                      search::SearchResult<Move>& result,
                                      const std::vector<Move>* root_only) {
    std::string why;
    const auto oriented = orient(table, pos, &why);
    if (!oriented) return why;
    std::vector<Move> oriented_only;
    if (root_only)
        for (Move m : *root_only) oriented_only.push_back(oriented->to_state(m));
    on_domain(table.roles, table.program, [&](const auto& domain) {
        search::build_tree_into(domain, table.program, oriented->state, options, result,
                                root_only ? &oriented_only : nullptr);
    });
    if (oriented->flipped || oriented->symmetry != 0) {
        for (auto& edge : result.tree.edges) edge.move = oriented->to_real(edge.move);
        for (auto& attempt : result.refutations)
            for (auto& refutation : attempt) {
                refutation.root_move = oriented->to_real(refutation.root_move);
                for (Move& m : refutation.line) m = oriented->to_real(m);
            }
    }
    return std::nullopt;
}

Expected<search::SearchResult<Move>> think(const CompiledTable& table, const Position& pos,
                                           const search::Options& options,
                                           const std::vector<Move>* root_only) {
    search::SearchResult<Move> result;
    if (auto why = think_into(table, pos, options, result, root_only)) return Error{*why};
    return result;
}

} // namespace al0::endgame
