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

Trend flipped(Trend t) {
    return t == Trend::rising ? Trend::falling : t == Trend::falling ? Trend::rising : t;
}

// The trend of expression E's value in the root value it reads.
Trend expr_trend(const Program& p, std::uint16_t e) {
    const search::ExprNode& n = p.expr_nodes[e];
    switch (n.op) {
    case search::ExprOp::number:
    case search::ExprOp::value:
        return Trend::none;
    case search::ExprOp::root:
        return Trend::rising;
    case search::ExprOp::neg:
        return flipped(expr_trend(p, n.lhs));
    case search::ExprOp::abs:
        return expr_trend(p, n.lhs) == Trend::none ? Trend::none : Trend::mixed;
    case search::ExprOp::add:
    case search::ExprOp::min:
    case search::ExprOp::max:
        return combined(expr_trend(p, n.lhs), expr_trend(p, n.rhs));
    case search::ExprOp::sub:
        return combined(expr_trend(p, n.lhs), flipped(expr_trend(p, n.rhs)));
    case search::ExprOp::mul: {
        const Trend a = expr_trend(p, n.lhs), b = expr_trend(p, n.rhs);
        if (a == Trend::none && b == Trend::none) return Trend::none;
        // Only a constant factor keeps a trend (its sign says which way).
        const search::ExprNode& l = p.expr_nodes[n.lhs];
        const search::ExprNode& r = p.expr_nodes[n.rhs];
        const search::ExprNode* constant = l.op == search::ExprOp::number   ? &l
                                           : r.op == search::ExprOp::number ? &r
                                                                            : nullptr;
        if (!constant) return Trend::mixed;
        const Trend other = constant == &l ? b : a;
        return constant->number > 0 ? other : constant->number < 0 ? flipped(other) : Trend::none;
    }
    }
    return Trend::mixed;
}

} // namespace

Trend combined(Trend a, Trend b) {
    if (a == Trend::none) return b;
    if (b == Trend::none || a == b) return a;
    return Trend::mixed;
}

Trend goal_trend(const Program& p, GoalId g) {
    const search::GoalNode& n = p.goal_nodes[g];
    switch (n.op) {
    case search::GoalOp::predicate:
    case search::GoalOp::test:
        return Trend::none;
    case search::GoalOp::negation:
        return flipped(goal_trend(p, n.lhs));
    case search::GoalOp::conjunction:
    case search::GoalOp::disjunction:
        return combined(goal_trend(p, n.lhs), goal_trend(p, n.rhs));
    case search::GoalOp::compare: {
        // Truth of lhs OP rhs moves with rhs - lhs (for <, =<) or against it (>, >=).
        const Trend d = combined(expr_trend(p, std::uint16_t(n.rhs)),
                                 flipped(expr_trend(p, std::uint16_t(n.lhs))));
        switch (search::CompareOp(n.predicate)) {
        case search::CompareOp::lt:
        case search::CompareOp::le:
            return d;
        case search::CompareOp::gt:
        case search::CompareOp::ge:
            return flipped(d);
        case search::CompareOp::eq:
        case search::CompareOp::ne:
            return d == Trend::none ? Trend::none : Trend::mixed;
        }
    }
    }
    return Trend::mixed;
}

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
