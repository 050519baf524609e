#include "tools/app/practice_session.hpp"

#include "engine/chess/notation.hpp"
#include "engine/play/pgn.hpp"
#include "engine/tablebase/probe.hpp"

#include <stdexcept>

namespace al0::tools {

const char* practice_side_name(Color c) { return c == WHITE ? "White" : "Black"; }

std::string not_won_text(tablebase::Registry& registry, const Position& pos) {
    const tablebase::Probe p = tablebase::probe(registry, pos);
    const std::string side = practice_side_name(pos.side_to_move());
    switch (p.outcome) {
    case tablebase::Outcome::win:
        return "won for " + side + " (mate in " + std::to_string(p.mate_in) + ")";
    case tablebase::Outcome::loss:
        return "lost for " + side + ", to move: " + side + " is mated in " +
               std::to_string(p.mate_in);
    case tablebase::Outcome::draw:
        return "drawn (" + p.reason + ")";
    case tablebase::Outcome::illegal:
        break;
    }
    return "not an endgame al0 knows: " + p.reason;
}

Expected<PracticeSession> PracticeSession::start(tablebase::Registry& registry,
                                                 const Position& start) {
    if (tablebase::probe(registry, start).outcome != tablebase::Outcome::win)
        return Error{"the position is " + not_won_text(registry, start) +
                     "; practice starts from a position the side to move wins"};
    return PracticeSession(registry, start);
}

Expected<GradedMove> PracticeSession::person_move(Move m) {
    if (over()) return Error{std::string("the game is over: ") + play::ending_name(ending())};
    if (!person_to_move())
        return Error{std::string("it is ") + practice_side_name(position().side_to_move()) +
                     "'s turn"};
    const Position before = position();
    if (auto why = adjudicator_.play(m)) return Error{*why};
    GradedMove g{before, m, to_san(before, m), tablebase::grade_move(*registry_, before, m)};
    moves_.push_back({m, g.san, before.side_to_move(), tablebase::grade_text(g.grade)});
    graded_.push_back(g);
    return g;
}

Move PracticeSession::defender_move() {
    if (over() || person_to_move()) throw std::logic_error("not the defender's turn");
    const Position before = position();
    const Move m = tablebase::best_move(*registry_, before);
    if (auto why = adjudicator_.play(m))
        throw std::logic_error("the defender's move " + to_uci(m) + ": " + *why);
    moves_.push_back({m, to_san(before, m), before.side_to_move(), {}});
    return m;
}

std::string PracticeSession::pgn(const std::string& date) const {
    play::PgnHeaders headers;
    headers.event = "al0 practice";
    headers.engine = "al0 (tablebase defence)";
    headers.opponent = "you";
    headers.date = date;
    return play::to_pgn(play::PgnGame{start_, moves_, ending(), position(), ~person()}, headers);
}

} // namespace al0::tools
