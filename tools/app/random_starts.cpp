#include "tools/app/random_starts.hpp"

#include "engine/endgame/think.hpp"
#include "engine/tablebase/probe.hpp"

namespace al0::tools {

Expected<std::vector<Position>> random_starts(const std::string& material, int count,
                                              std::mt19937_64& rng, tablebase::Registry& tb) {
    auto roles = endgame::roles_of(material);
    if (!roles) return Error{roles.error()};
    // Why first: drawing until a won position turns up would never end without one.
    const std::string fens = "; give the start positions with --fens";
    if (roles->count > tablebase::Board::MAX_MEN)
        return Error{"random starts of " + material + " cannot be drawn: the tablebase that " +
                     "tells won ones holds up to four men" + fens};
    auto canonical = tablebase::Material::parse(material);
    if (!canonical) return Error{"random starts of " + material + ": " + canonical.error()};
    const tablebase::MaterialTable won = tb.material_table(*canonical);
    if (!won.table || won.table->stats().wins[won.flip ? BLACK : WHITE] == 0)
        return Error{"random starts of " + material + " cannot be drawn: its strong side wins " +
                     "no position of it" + fens};
    std::vector<Position> starts;
    std::uniform_int_distribution<int> square(0, 63), pawn_square(8, 55);
    while (int(starts.size()) < count) {
        std::array<Placement, Position::MAX_PIECES> placed{};
        Bitboard taken = 0;
        for (int role = 0; role < roles->count; ++role) {
            const Piece p = roles->piece[std::size_t(role)];
            Square s;
            do s = Square(type_of(p) == PAWN ? pawn_square(rng) : square(rng));
            while (taken & square_bb(s));
            taken |= square_bb(s);
            placed[std::size_t(role)] = {p, s};
        }
        Position pos = Position::make(std::span(placed.data(), std::size_t(roles->count)), WHITE);
        if (!pos.validate().empty() || tablebase::probe(tb, pos).outcome != tablebase::Outcome::win)
            continue;
        starts.push_back(starts.size() % 2 ? endgame::flip(pos) : pos);
    }
    return starts;
}

} // namespace al0::tools
