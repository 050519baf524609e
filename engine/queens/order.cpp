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
    for (search::CompiledAdvice& advice : program.advice)
        for (search::MoveConstraint* c : {&advice.us_moves, &advice.them_moves})
            for (search::Conjunction& alt : c->alternatives)
                for (std::uint8_t& g : alt.generators)
                    if (g == G_PLACE_SAFE) {
                        g = G_PLACE_DIAGFIRST;
                        changed = true;
                    }
    return changed;
}

} // namespace al0::queens
