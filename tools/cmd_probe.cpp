// al0 probe FEN... | --stdin [--json]: look positions up in the KRK tablebase and print, per FEN,
// mate in N / mated in N / draw / illegal: reason, and the best moves.

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "tools/command.hpp"

#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>

namespace al0::tools {
namespace {

using tablebase::KrkTablebase;
using tablebase::Outcome;

struct ProbeOptions {
    std::vector<std::string> fens;
    bool from_stdin = false;
    bool json = false;
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
    for (Move m : p.best) out += " " + to_san(pos, m);
    return out;
}

nlohmann::json to_json(const std::string& fen, const tablebase::Probe& p) {
    nlohmann::json j{{"fen", fen}, {"outcome", outcome_name(p.outcome)}, {"mate_in", nullptr}};
    if (p.mate_in >= 0) j["mate_in"] = p.mate_in;
    j["best"] = nlohmann::json::array();
    for (Move m : p.best) j["best"].push_back(to_uci(m));
    if (p.outcome == Outcome::illegal) j["reason"] = p.reason;
    return j;
}

// Probes one FEN, prints its line, and returns whether the position was legal KRK (or K v K).
bool probe_one(const KrkTablebase& tb, const std::string& fen, bool json) {
    auto pos = Position::from_fen(fen);
    tablebase::Probe p;
    if (pos)
        p = tb.probe(*pos);
    else
        p.reason = pos.error();
    if (json)
        std::cout << to_json(fen, p).dump() << "\n";
    else
        std::cout << fen << ": " << (pos ? describe(*pos, p) : "illegal: " + p.reason) << "\n";
    return p.outcome != Outcome::illegal;
}

int run_probe(const ProbeOptions& o) {
    if (o.fens.empty() && !o.from_stdin) return fail("give FENs to probe, or --stdin");
    const KrkTablebase tb = KrkTablebase::build();
    int total = 0, illegal = 0;
    auto handle = [&](const std::string& fen) {
        ++total;
        illegal += !probe_one(tb, fen, o.json);
    };
    for (const std::string& fen : o.fens) handle(fen);
    for (std::string line; o.from_stdin && std::getline(std::cin, line);) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first != std::string::npos)
            handle(line.substr(first, line.find_last_not_of(" \t\r") + 1 - first));
    }
    if (illegal)
        return fail(std::to_string(illegal) + " of " + std::to_string(total) +
                    " positions are illegal");
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<ProbeOptions>();
    auto* app = parent.add_subcommand(
        "probe", "Look KRK positions up in the tablebase: distance to mate and best moves");
    auto* fens = app->add_option("fen", o->fens, "Positions in FEN, one per argument (quote them)")
                     ->type_name("FEN");
    app->add_flag("--stdin", o->from_stdin, "Read FENs from standard input, one per line")
        ->excludes(fens);
    app->add_flag("--json", o->json, "One JSON object per line (fields below)");
    app->footer(
        "Per FEN: mate in N, mated in N (Black to move; mated in 0 = checkmated), draw, or\n"
        "illegal: reason, then the best moves (SAN): the shortest mates, the longest defences or\n"
        "the drawing moves. N is White's moves to mate under best play (no fifty-move rule).\n"
        "--json fields: fen, outcome (win, loss, draw, illegal; for the side to move), mate_in\n"
        "(N, or null), best (UCI moves), reason (only when illegal).\n"
        "Exit status 2 if any FEN is illegal.");
    return {app, [o] { return run_probe(*o); }};
}

const RegisterCommand registered(61, setup);

} // namespace
} // namespace al0::tools
