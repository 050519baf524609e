#include "tools/app/practice_summary.hpp"

#include "engine/tablebase/probe.hpp"
#include "tools/app/play_tables.hpp"

#include <algorithm>

namespace al0::tools {

namespace {

// The shipped table's moves to mate from START against the tablebase's defence; or why there is
// no such figure (no table, no mate: the ending's name).
Expected<int> table_line(const Position& start, tablebase::Registry& registry) {
    auto started = play::Game::start([](const std::string& m) { return shipped(m); }, start);
    if (!started) return Error{started.error()};
    play::Game* game = &started.value();
    int moves = 0;
    while (!game->over()) {
        if (game->engine_to_move()) {
            if (!game->engine_move()) break; // the ending names the failure
            ++moves;
        } else if (auto why =
                       game->opponent_move(tablebase::best_move(registry, game->position()))) {
            return Error{*why};
        }
    }
    if (game->ending() != play::Ending::mate)
        return Error{std::string("the table's game ends in ") + play::ending_name(game->ending())};
    return moves;
}

// How much a move cost, for ordering: a lost or drawn win above any number of extra moves.
int cost(const tablebase::MoveGrade& g) {
    switch (g.grade) {
    case tablebase::Grade::loses:
        return 2000;
    case tablebase::Grade::draw:
        return 1000;
    case tablebase::Grade::slower:
        return g.extra;
    case tablebase::Grade::best:
        break;
    }
    return 0;
}

} // namespace

std::string numbered_move(const GradedMove& g) {
    return std::to_string(g.before.fullmove_number()) +
           (g.before.side_to_move() == WHITE ? ". " : "... ") + g.san;
}

PracticeSummary summarize(const PracticeSession& session, tablebase::Registry& registry) {
    PracticeSummary s;
    s.mated = session.ending() == play::Ending::mate &&
              session.position().side_to_move() != session.person();
    s.yours = int(session.graded().size());
    s.optimal = tablebase::probe(registry, session.start()).mate_in;
    if (auto moves = table_line(session.start(), registry))
        s.table = *moves;
    else
        s.table_note = moves.error();
    std::vector<GradedMove> costly;
    for (const GradedMove& g : session.graded())
        if (cost(g.grade) > 0) costly.push_back(g);
    std::stable_sort(costly.begin(), costly.end(), [](const GradedMove& a, const GradedMove& b) {
        return cost(a.grade) > cost(b.grade);
    });
    if (costly.size() > 3) costly.resize(3);
    s.costliest = std::move(costly);
    return s;
}

std::string summary_text(const PracticeSummary& s) {
    const std::string yours = std::to_string(s.yours) + (s.yours == 1 ? " move" : " moves");
    std::string out = s.mated ? "You mated in " + yours : "You did not mate (" + yours + " played)";
    out += "; best play mates in " + std::to_string(s.optimal);
    out += s.table ? ", the shipped table in " + std::to_string(*s.table) +
                         " against the same "
                         "defence.\n"
                   : " (the shipped table: " + s.table_note + ").\n";
    if (s.costliest.empty()) {
        out += "Every move was a best move.\n";
        return out;
    }
    out += "The moves that cost the most:\n";
    for (const GradedMove& g : s.costliest)
        out += "  " + numbered_move(g) + "  {" + tablebase::grade_text(g.grade) + "}\n";
    return out;
}

} // namespace al0::tools
