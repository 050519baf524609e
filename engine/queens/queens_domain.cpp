#include "engine/queens/queens_domain.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace al0::queens {

int longest_diagonal(int n, int row, int column) {
    const int falling = n - std::abs(row - column);          // squares with row - column fixed
    const int rising = n - std::abs(row + column - (n - 1)); // squares with row + column fixed
    return std::max(falling, rising);
}

QueensDomain::QueensDomain(int n) : n_(n), mask_(n >= 32 ? 0xffffffffu : (1u << n) - 1) {
    if (n < 1 || n > MAX_N)
        throw std::invalid_argument("board size " + std::to_string(n) + " is outside 1.." +
                                    std::to_string(MAX_N));
    for (int row = 0; row < n; ++row) {
        auto& order = diagonal_order_[row];
        for (int c = 0; c < n; ++c) order[c] = Column(c);
        std::stable_sort(order.begin(), order.begin() + n, [&](Column a, Column b) {
            return longest_diagonal(n, row, a) < longest_diagonal(n, row, b);
        });
    }
}

std::vector<Column> placement(const search::ForcingTree<Column>& tree) {
    std::vector<Column> columns;
    if (tree.empty()) return columns;
    for (std::uint32_t node = 0; !tree.children(node).empty(); node = tree.children(node)[0].child)
        columns.push_back(tree.children(node)[0].move);
    return columns;
}

} // namespace al0::queens
