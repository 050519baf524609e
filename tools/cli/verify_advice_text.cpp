#include "tools/cli/verify_advice_text.hpp"

#include "engine/chess/notation.hpp"

#include <iomanip>
#include <iostream>
#include <sstream>

namespace al0::tools::cmd_verify {

std::string fixed(double x, int digits) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(digits) << x;
    return out.str();
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
    return whole ? fixed(100.0 * double(part) / double(whole)) + "%" : "-";
}

void print_advice_use(const verify::TableSummary& s) {
    std::uint64_t trees = 0, nodes = 0;
    for (const verify::AdviceUse& a : s.advice_use) trees += a.trees, nodes += a.nodes;
    std::cout << "\nAdvice used: forcing trees built (" << trees
              << " in all), and search nodes its searches cost, found or failed (" << nodes
              << " in all):\n";
    for (const verify::AdviceUse& a : s.advice_use) {
        // Why: the tables that take over after a conversion are listed only when they played.
        std::uint64_t table_work = 0;
        for (const verify::AdviceUse& b : s.advice_use)
            table_work += b.table == a.table ? b.trees + b.nodes : 0;
        if (table_work == 0) continue;
        // The verified table's advice by name, the others' with their table's.
        const bool own = a.table == s.advice_use.front().table;
        std::cout << "  " << std::left << std::setw(28)
                  << (own ? a.advice : a.table + ": " + a.advice) << std::right << std::setw(9)
                  << a.trees << "  " << std::setw(7) << percent(a.trees, trees) << std::setw(12)
                  << a.nodes << "  " << std::setw(7) << percent(a.nodes, nodes) << "\n";
    }
}

void print_advice_loss(const verify::TableSummary& s) {
    std::cout << "\nMoves lost against the tablebase, per advice: by the first move of each tree "
                 "(d_after - (d - 1), each\nposition walked once), and on the won starts' worst "
                 "lines (per start: its states passed, moves lost)\n"
              << "  " << std::left << std::setw(28) << "advice" << std::right << std::setw(9)
              << "moves" << std::setw(9) << "lost" << std::setw(7) << "mean" << std::setw(9)
              << "losing" << std::setw(6) << "worst" << std::setw(8) << "states" << std::setw(8)
              << "excess"
              << "\n";
    auto name = [&](const verify::AdviceUse& a) { // the other tables' advice with their table's
        return a.table == s.advice_use.front().table ? a.advice : a.table + ": " + a.advice;
    };
    for (const verify::AdviceUse& a : s.advice_use)
        if (a.loss.moves)
            std::cout << "  " << std::left << std::setw(28) << name(a) << std::right << std::setw(9)
                      << a.loss.moves << std::setw(9) << a.loss.lost << std::setw(7)
                      << fixed(a.loss.mean()) << std::setw(9)
                      << percent(a.loss.losing, a.loss.moves) << std::setw(6) << a.loss.worst
                      << std::setw(8) << fixed(a.line_states) << std::setw(8)
                      << fixed(a.line_excess) << "\n";
    for (const verify::AdviceUse& a : s.advice_use)
        if (a.loss.worst > 0) {
            const Position& p = a.loss.worst_position;
            std::cout << "  " << name(a) << " loses " << a.loss.worst << " at " << p.fen() << ": "
                      << to_san(p, a.loss.worst_move) << ", best " << to_san(p, a.loss.best_move)
                      << "\n";
        }
}

} // namespace al0::tools::cmd_verify
