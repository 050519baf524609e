#include "engine/verify/reach/reach_reads.hpp"

#include "contract/material.hpp"
#include "engine/chess/material.hpp"

namespace al0::verify::reach_reads {

namespace lib = contract::chess;

namespace {

int arity(const Instance& in) {
    switch (in.kind) {
    case Instance::Kind::predicate:
        return lib::predicate_arity[in.primitive];
    case Instance::Kind::measure:
        return lib::measure_names[in.primitive].arity;
    case Instance::Kind::generator:
        return lib::generator_names[in.primitive].arity;
    }
    return 0;
}

Material without(const Material& m, Color c, int i) {
    Material out;
    for (Color side : {WHITE, BLACK})
        for (int k = 0; k < m.count(side); ++k)
            if (side != c || k != i) out.add(side, m.extra(side, k));
    return out;
}

} // namespace

// Returns the first primitive read whose value may differ between two symmetric boards (the
// contract's measures that are not symmetric: file, rank), or nothing.
std::optional<std::string> asymmetric(const Reads& r) {
    for (const Instance& in : r.instances)
        if (in.kind == Instance::Kind::measure && !lib::measure_names[in.primitive].symmetric)
            return std::string(lib::measure_names[in.primitive].name);
    return std::nullopt;
}

// Returns M and every material its captures and promotions lead to, M last and each material
// after those it leads to (us stays White: nothing is colour-flipped).
std::vector<Material> materials_from(const Material& m) {
    std::vector<Material> order;
    auto visit = [&](auto& self, const Material& x) -> void {
        for (const Material& y : order)
            if (y == x) return;
        for (Color c : {WHITE, BLACK})
            for (int i = 0; i < x.count(c); ++i) {
                const Material less = without(x, c, i);
                self(self, less);
                if (x.extra(c, i) != tablebase::K_PAWN) continue;
                for (tablebase::Kind k : {tablebase::K_QUEEN, tablebase::K_ROOK,
                                          tablebase::K_BISHOP, tablebase::K_KNIGHT}) {
                    Material promoted = less;
                    promoted.add(c, k);
                    self(self, promoted);
                }
            }
        order.push_back(x);
    };
    visit(visit, m);
    return order;
}

// Returns why the roles read cannot be told apart on some board reach visits: a side with two
// men of one kind (its roles follow the pieces from a search's root, which a position does not
// tell), or nothing.
std::optional<std::string> ambiguous_roles(const endgame::Roles& roles,
                                           const std::vector<Material>& materials,
                                           const Reads& reads) {
    std::vector<bool> read(std::size_t(roles.count), false);
    for (const Instance& in : reads.instances)
        for (int a = 0; a < arity(in); ++a)
            if (in.args[std::size_t(a)] < roles.count) read[in.args[std::size_t(a)]] = true;
    const auto material = contract::Material::parse(roles.material);
    const auto names = material ? material->roles() : std::vector<contract::Role>{};
    for (const Material& m : materials)
        for (Color c : {WHITE, BLACK})
            for (int i = 1; i < m.count(c); ++i) {
                const tablebase::Kind k = m.extra(c, i);
                if (m.extra(c, i - 1) != k) continue;
                for (int role = 2; role < roles.count; ++role) {
                    const Piece p = roles.piece[std::size_t(role)];
                    const PieceType t = type_of(p);
                    if (color_of(p) == c && read[std::size_t(role)] &&
                        (t == piece_type_of(k) || t == PAWN))
                        return "in " + m.name() + " " + (c == WHITE ? "White" : "Black") +
                               " has two " + std::string(1, contract::kind_letter(k)) +
                               ": which is role " +
                               (std::size_t(role) < names.size() ? names[std::size_t(role)].name
                                                                 : std::to_string(role)) +
                               " depends on the line played, not on the position";
                }
            }
    return std::nullopt;
}

} // namespace al0::verify::reach_reads
