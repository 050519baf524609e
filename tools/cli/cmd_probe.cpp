// al0 probe FEN... | --stdin [--json] [--no-cache]: look positions of up to four men up in the
// tablebases and print, per FEN, mate in N / mated in N / draw / illegal: reason, and the best
// moves.

#include "engine/chess/notation.hpp"
#include "engine/io/line_reader.hpp"
#include "engine/tablebase/probe.hpp"
#include "tools/app/json_text.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/standard_output.hpp"

#include <nlohmann/json.hpp>

#include <unistd.h>

#include <iostream>
#include <memory>

namespace al0::tools {
namespace cmd_probe {

using tablebase::Outcome;

struct ProbeOptions {
    std::vector<std::string> fens;
    bool from_stdin = false;
    bool json = false;
    bool no_cache = false;
};

const char* outcome_name(Outcome o) {
    switch (o) {
    case Outcome::win:
        return "win";
    case Outcome::loss:
        return "loss";
    case Outcome::draw:
        return "draw";
    case Outcome::illegal:
        return "illegal";
    }
    return "illegal";
}

// Returns "mate in 3; best: Rd7 Kc3" (moves in SAN), "draw", "illegal: two white kings", ...
std::string describe(const Position& pos, const tablebase::Probe& p) {
    std::string out;
    switch (p.outcome) {
    case Outcome::win:
        out = "mate in " + std::to_string(p.mate_in);
        break;
    case Outcome::loss:
        out = "mated in " + std::to_string(p.mate_in);
        break;
    case Outcome::draw:
        out = "draw";
        break;
    case Outcome::illegal:
        return "illegal: " + p.reason;
    }
    if (!p.best.empty()) out += "; best:";
    for (Move m : p.best) {
        out += ' ';
        out += to_san(pos, m);
    }
    return out;
}

nlohmann::json to_json(const std::string& fen, const tablebase::Probe& p) {
    nlohmann::json j{{"fen", fen}, {"outcome", outcome_name(p.outcome)}, {"mate_in", nullptr}};
    if (p.mate_in >= 0) j["mate_in"] = p.mate_in;
    j["best"] = nlohmann::json::array();
    for (Move m : p.best) j["best"].push_back(to_uci(m));
    if (!p.reason.empty()) j["reason"] = p.reason;
    return j;
}

// The longest input line probed (a FEN is under 100 bytes); a longer one is an illegal
// position of its own, shown cut.
constexpr std::size_t MAX_FEN_LINE = 1024;

// Probes one FEN, prints its line, and returns whether the position was legal.
// With REFUSED, the line is not read as a FEN: that is why it is illegal.
bool probe_one(tablebase::Registry& registry, const std::string& fen, bool json,
               const std::string* refused = nullptr) {
    auto pos = refused ? Expected<Position>(Error{*refused}) : Position::from_fen(fen);
    tablebase::Probe p;
    if (pos)
        p = tablebase::probe(registry, *pos);
    else
        p.reason = pos.error();
    if (json)
        std::cout << json_text(to_json(fen, p)) << "\n";
    else
        std::cout << fen << ": "
                  << (p.outcome != Outcome::illegal ? describe(*pos, p) : "illegal: " + p.reason)
                  << "\n";
    return p.outcome != Outcome::illegal;
}

int run_probe(const ProbeOptions& o) {
    if (o.fens.empty() && !o.from_stdin) return fail("give FENs to probe, or --stdin");
    tablebase::Registry registry(tablebase::CachePolicy{!o.no_cache, {}});
    int total = 0, illegal = 0;
    auto handle = [&](const std::string& fen) {
        ++total;
        illegal += !probe_one(registry, fen, o.json);
        check_standard_output();
    };
    for (const std::string& fen : o.fens) handle(fen);
    io::LineReader input(STDIN_FILENO, MAX_FEN_LINE);
    for (io::Line read; o.from_stdin && input.next(read) == io::LineReader::Status::line;) {
        const std::string& line = read.text;
        const auto first = line.find_first_not_of(" \t\r");
        if (read.overlong()) {
            const std::string why = "an input line of " + std::to_string(read.length) +
                                    " bytes (at most " + std::to_string(MAX_FEN_LINE) + ")";
            ++total;
            illegal += !probe_one(registry, line.substr(0, 64) + "...", o.json, &why);
        } else if (first != std::string::npos) {
            handle(line.substr(first, line.find_last_not_of(" \t\r") + 1 - first));
        }
    }
    if (illegal)
        return fail(std::to_string(illegal) + " of " + std::to_string(total) +
                    " positions are illegal");
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<ProbeOptions>();
    auto* app = parent.add_subcommand(
        "probe", "Look positions of up to four men up in the tablebases: distance to mate and "
                 "best moves");
    auto* fens = app->add_option("fen", o->fens, "Positions in FEN, one per argument (quote them)")
                     ->type_name("FEN");
    app->add_flag("--stdin", o->from_stdin, "Read FENs from standard input, one per line")
        ->excludes(fens);
    app->add_flag("--json", o->json, "One JSON object per line (fields below)");
    app->add_flag("--no-cache", o->no_cache, "Build the tables in memory only (no disk cache)");
    app->footer(
        "Per FEN: mate in N (the side to move mates), mated in N (mated in 0 = checkmated),\n"
        "draw, or illegal: reason, then the best moves (SAN): the shortest mates, the longest\n"
        "defences or the drawing moves. N is the winner's moves to mate under best play, pure\n"
        "DTM (no fifty-move rule). Tables are built on demand and cached (see al0 tablebase).\n"
        "--json fields: fen, outcome (win, loss, draw, illegal; for the side to move), mate_in\n"
        "(N, or null), best (UCI moves), reason (illegal: why; draw: stalemate, insufficient\n"
        "material, piece capturable or no forced mate).\n"
        "Exit status 2 if any FEN is illegal.");
    return {app, [o] { return run_probe(*o); }};
}

const RegisterCommand registered(61, setup);

} // namespace cmd_probe
} // namespace al0::tools
