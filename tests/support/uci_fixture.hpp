#pragma once
// The UCI session tests' fixture: sessions of the built-in KRK tables over one in-memory
// tablebase, a session whose search would run for minutes, and position commands.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/play/uci_session.hpp"
#include "engine/tablebase/probe.hpp"
#include "tables/builtin.hpp"
#include "tests/support/cli_runner.hpp"
#include "tests/support/play_fixture.hpp"
#include "tests/support/position_fixture.hpp"
#include "tests/support/tablebase_fixture.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <random>
#include <thread>

namespace test_uci {

using namespace al0;
using al0::test::contains;

inline constexpr const char* MATE_IN_2 =
    "7R/8/8/8/8/2K5/8/3k4 w - - 0 1"; // the book's WK c3 R h8 BK d1

// Loads the built-in KRK tables only; anything else is "no such table".
inline Expected<play::Table> load(const std::string& spec) {
    if (!tables::builtin(spec)) return Error{"no such table: " + spec + "\nsecond line"};
    return krk_table(spec);
}

// The shipped tables of this test: krk_bratko for KRK.
inline Expected<play::Table> shipped(const std::string& material) {
    return only(krk_table("krk_bratko"))(material);
}

// One in-memory tablebase for every session of these tests.
inline std::shared_ptr<tablebase::Registry> tablebases() {
    static const auto shared =
        std::make_shared<tablebase::Registry>(tablebase::CachePolicy{false, {}});
    return shared;
}

struct Session {
    play::UciSession uci{load,       shipped, "krk_bratko", *load("krk_bratko"),
                         "al0 test", {},      tablebases()};

    std::vector<std::string> operator()(std::string_view line) { return uci.handle(line); }
    // Returns the bestmove text ("e6e3", "0000") of a `go`, after checking the answer's shape.
    std::string go(std::string* info = nullptr) {
        auto out = uci.handle("go wtime 1000 btime 1000");
        REQUIRE(out.size() == 2);
        CHECK(out[0].rfind("info string ", 0) == 0);
        REQUIRE(out[1].rfind("bestmove ", 0) == 0);
        if (info) *info = out[0];
        return out[1].substr(9);
    }
};

inline std::string position(const std::string& fen, const std::vector<std::string>& moves) {
    std::string line = "position fen " + fen;
    if (!moves.empty()) line += " moves";
    for (const auto& m : moves) line += " " + m;
    return line;
}

// Returns the position after the moves (UCI text), each of which must be legal.
inline Position after(const std::string& fen, const std::vector<std::string>& moves) {
    auto pos = Position::from_fen(fen);
    REQUIRE(pos);
    Position p = *pos;
    for (const auto& text : moves) {
        auto m = parse_uci(p, text);
        REQUIRE(m);
        p.do_move(*m);
    }
    return p;
}

// A KRK table whose one piece of advice can never be met (mate with the rook lost): its search
// goes through every line of 40 plies, for minutes under the largest Budget.
inline constexpr const char* ENDLESS =
    "r :: if true then [never].\n"
    "advice(never, mate and rooklost : true : (depth < 40) and legal : (depth < 40) and legal).\n";

// A session of the endless table under the largest budget, its answers collected as they come.
struct EndlessSession {
    play::UciSession uci{load,        shipped,
                         "endless",   krk_table_text(ENDLESS, "endless"),
                         "al0 test",  {play::MAX_UCI_BUDGET, false},
                         tablebases()};
    std::mutex mutex;
    std::condition_variable answered;
    std::vector<std::string> out;
    std::chrono::steady_clock::time_point bestmove_at;

    EndlessSession() {
        uci.set_sink([this](const std::string& line) {
            std::lock_guard lock(mutex);
            out.push_back(line);
            if (line.starts_with("bestmove")) {
                bestmove_at = std::chrono::steady_clock::now();
                answered.notify_all();
            }
        });
        uci.receive(position(BOOK_START, {}));
    }
    // Returns the lines answered once a bestmove came, or nothing when none came within LIMIT
    // (far less than the search would take).
    std::optional<std::vector<std::string>> answer(std::chrono::seconds limit) {
        std::unique_lock lock(mutex);
        if (!answered.wait_for(
                lock, limit, [this] { return !out.empty() && out.back().starts_with("bestmove"); }))
            return std::nullopt;
        return out;
    }
};

// Checks that ANSWER says why the search gave no move (WHY), plays the tablebase's best move from
// the book's start and ends there.
inline void check_tablebase_answer(const std::vector<std::string>& answer, const std::string& why) {
    REQUIRE(answer.size() == 3);
    CHECK(answer[0] == "info string " + why);
    CHECK(answer[1].starts_with("info string playing the tablebase's best: mate in "));
    const Position start = *Position::from_fen(BOOK_START);
    auto move = parse_uci(start, answer[2].substr(std::string_view("bestmove ").size()));
    REQUIRE(move);
    const auto best = tablebase::probe(*tablebases(), start).best;
    CHECK(std::find(best.begin(), best.end(), *move) != best.end());
}

} // namespace test_uci
