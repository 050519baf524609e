#include "tools/lab/server/lab_practice.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "tools/app/practice_coach.hpp"
#include "tools/app/practice_summary.hpp"
#include "tools/lab/server/lab_engine.hpp"
#include "tools/lab/server/lab_tree.hpp"

namespace al0::tools::lab {

namespace {

const char* colour_of(Color c) { return c == WHITE ? "white" : "black"; }

// The person's legal moves, without the tablebase's verdicts: the grade comes after the move.
Json person_moves(const Position& pos) {
    Json list = Json::array();
    for (Move m : generate_legal(pos)) list.push_back(move_json(pos, m));
    return list;
}

Json history_of(const PracticeSession& s) {
    Json list = Json::array();
    std::size_t graded = 0;
    for (const play::PlayedMove& m : s.moves()) {
        Json j = {{"uci", to_uci(m.move)}, {"san", m.san}, {"side", colour_of(m.side)}};
        if (m.side == s.person() && graded < s.graded().size()) {
            const GradedMove& g = s.graded()[graded++];
            j["grade"] = tablebase::grade_text(g.grade);
            j["why"] = why_text(g.before, g.move, g.grade);
        }
        list.push_back(std::move(j));
    }
    return list;
}

Json hint_json(const Position& pos) {
    auto h = table_hint(pos);
    if (!h) return {{"error", h.error()}};
    return {{"table", h->table},          {"rule", h->rule},
            {"advice", h->advice},        {"san", h->san},
            {"uci", to_uci(h->move)},     {"better", h->better},
            {"holding", h->holding},      {"words", h->words},
            {"text", hint_text(*h, pos)}, {"tree", tree_json(*h->compiled, h->tree, pos)}};
}

Json summary_json(const PracticeSession& s, tablebase::Registry& registry) {
    const PracticeSummary sum = summarize(s, registry);
    Json costliest = Json::array();
    for (const GradedMove& g : sum.costliest)
        costliest.push_back(
            {{"move", numbered_move(g)}, {"grade", tablebase::grade_text(g.grade)}});
    return {{"mated", sum.mated},           {"yours", sum.yours},
            {"optimal", sum.optimal},       {"table", sum.table ? Json(*sum.table) : Json(nullptr)},
            {"table_note", sum.table_note}, {"costliest", costliest},
            {"text", summary_text(sum)}};
}

} // namespace

Json practice(const std::string& start, const std::vector<std::string>& moves, bool hint) {
    auto pos = Position::from_fen(start);
    if (!pos) throw BadRequest("bad FEN: " + pos.error());
    Json reply;
    with_tablebases([&](tablebase::Registry& registry) {
        auto started = PracticeSession::start(registry, *pos);
        if (!started) throw BadRequest(started.error());
        PracticeSession& s = started.value();
        for (std::size_t i = 0; i < moves.size(); ++i) {
            auto move = parse_uci(s.position(), moves[i]);
            if (!move) throw BadRequest("move " + std::to_string(i + 1) + ": " + move.error());
            if (auto graded = s.person_move(*move); !graded)
                throw BadRequest("move " + std::to_string(i + 1) + ": " + graded.error());
            if (!s.over()) s.defender_move();
        }
        reply = {{"start", s.start().fen()},
                 {"fen", s.position().fen()},
                 {"person", colour_of(s.person())},
                 {"over", s.over()},
                 {"ending", s.over() ? Json(play::ending_name(s.ending())) : Json(nullptr)},
                 {"result", play::ending_result(s.ending(), s.position())},
                 {"history", history_of(s)},
                 {"legal", s.person_to_move() ? person_moves(s.position()) : Json::array()},
                 {"pgn", s.pgn("")}};
        if (hint && s.person_to_move()) reply["hint"] = hint_json(s.position());
        if (s.over()) reply["summary"] = summary_json(s, registry);
    });
    return reply;
}

} // namespace al0::tools::lab
