#pragma once
// The order in which a queens table tries columns: as the table says (natural), or with the
// diagonal heuristic of README, N-queens (diagfirst), which reads the table's place_safe as
// place_diagfirst.

#include "engine/search/program.hpp"

#include <optional>
#include <string_view>

namespace al0::queens {

enum class Order { natural, diagfirst };

// Returns the order named "natural" or "diagfirst".
[[nodiscard]] std::optional<Order> order_named(std::string_view name);

// Rewrites the compiled program for the order; returns false when diagfirst finds no
// place_safe to reorder (the order would change nothing).
[[nodiscard]] bool apply_order(search::Program& program, Order order);

} // namespace al0::queens
