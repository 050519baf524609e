#include "engine/queens/order.hpp"

#include "engine/queens/vocabulary.hpp"

namespace al0::queens {

std::optional<Order> order_named(std::string_view name) {
    if (name == "natural") return Order::natural;
    if (name == "diagfirst") return Order::diagfirst;
    return std::nullopt;
}

bool apply_order(search::Program& program, Order order) {
    if (order == Order::natural) return true;
    bool changed = false;
    for (search::GeneratorNode& g : program.generators)
        if (g.op == search::GeneratorOp::primitive && g.id == G_PLACE_SAFE) {
            g.id = G_PLACE_DIAGFIRST;
            changed = true;
        }
    return changed;
}

} // namespace al0::queens
