#include "engine/queens/queens_domain.hpp"

#include <stdexcept>
#include <string>

namespace al0::queens {

QueensDomain::QueensDomain(int n) : n_(n), mask_(n >= 32 ? 0xffffffffu : (1u << n) - 1) {
    if (n < 1 || n > MAX_N)
        throw std::invalid_argument("board size " + std::to_string(n) + " is outside 1.." +
                                    std::to_string(MAX_N));
}

std::vector<Column> placement(const search::ForcingTree<Column>& tree) {
    std::vector<Column> columns;
    if (tree.empty()) return columns;
    for (std::uint32_t node = 0; !tree.children(node).empty(); node = tree.children(node)[0].child)
        columns.push_back(tree.children(node)[0].move);
    return columns;
}

} // namespace al0::queens
