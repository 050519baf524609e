// al0 tablebase [--out FILE] [--stats] [--repeat N]: build the KRK distance-to-mate table by
// retrograde analysis, print its totals, and optionally dump it or show the distance histogram.

#include "engine/io/atomic_file.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "tools/command.hpp"
#include "tools/count_option.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

namespace al0::tools {
namespace {

using tablebase::KrkStats;
using tablebase::KrkTablebase;

struct TablebaseOptions {
    std::string out;
    bool stats = false;
    int repeat = 1;
};

const char* const FORMAT_HELP =
    "--out writes a binary dump: the line \"al0 krk dtm v1\\n\", then 524288 signed bytes, one "
    "per\n"
    "(side to move, white king, black king, rook) at offset stm*262144 + wk*4096 + bk*64 + rook\n"
    "(squares a1=0, b1=1, ..., h8=63; stm 0 = White, 1 = Black). A byte is White's moves to mate\n"
    "under best play (0 = Black is checkmated), -1 for a draw, -2 for an illegal position.";

// Returns the table and the median build time in milliseconds over `repeat` builds.
std::pair<KrkTablebase, double> timed_build(int repeat) {
    std::vector<double> ms;
    std::optional<KrkTablebase> tb;
    for (int i = 0; i < repeat; ++i) {
        auto start = std::chrono::steady_clock::now();
        tb.emplace(KrkTablebase::build());
        auto end = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(end - start).count());
    }
    std::sort(ms.begin(), ms.end());
    return {std::move(*tb), ms[ms.size() / 2]};
}

void print_totals(const KrkStats& s) {
    auto won = [&](Color c) { return s.legal[c] - s.draws[c]; };
    std::printf("White to move: %d legal positions, %d won, %d drawn, longest mate %d\n",
                s.legal[WHITE], won(WHITE), s.draws[WHITE], s.longest_mate(WHITE));
    std::printf("Black to move: %d legal positions, %d lost (%d checkmated), %d drawn "
                "(%d stalemate, %d undefended rook), longest mate %d\n",
                s.legal[BLACK], won(BLACK), s.by_mate_in[BLACK].at(0), s.draws[BLACK], s.stalemates,
                s.rook_captures, s.longest_mate(BLACK));
}

void print_histogram(const KrkStats& s) {
    std::printf("\n%7s %14s %14s\n", "mate in", "White to move", "Black to move");
    const int longest = std::max(s.longest_mate(WHITE), s.longest_mate(BLACK));
    for (int n = 0; n <= longest; ++n) {
        auto count = [&](Color c) { return n <= s.longest_mate(c) ? s.by_mate_in[c][n] : 0; };
        std::printf("%7d %14d %14d\n", n, count(WHITE), count(BLACK));
    }
    std::printf("%7s %14d %14d\n", "draw", s.draws[WHITE], s.draws[BLACK]);
    std::printf("%7s %14d %14d\n", "total", s.legal[WHITE], s.legal[BLACK]);
}

int run_tablebase(const TablebaseOptions& o) {
    if (!o.out.empty())
        if (auto why = io::check_writable(o.out)) return fail(*why);
    auto [tb, ms] = timed_build(o.repeat);
    std::printf("KRK tablebase built in %.2f ms", ms);
    if (o.repeat > 1) std::printf(" (median of %d builds)", o.repeat);
    std::printf("\n");
    print_totals(tb.stats());
    if (o.stats) print_histogram(tb.stats());
    if (!o.out.empty()) {
        std::ostringstream dump;
        tb.write(dump);
        std::fflush(stdout); // first: the file may be this very stream (/dev/stdout)
        if (auto why = io::write_file(o.out, dump.str())) return fail(*why);
        std::printf("Wrote %s\n", o.out.c_str());
    }
    return EXIT_OK;
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<TablebaseOptions>();
    auto* app = parent.add_subcommand("tablebase", "Build the KRK distance-to-mate tablebase");
    app->add_option("--out", o->out, "Write the table to FILE (binary format below)")
        ->option_text("FILE");
    app->add_flag("--stats", o->stats, "Show the number of positions at each distance to mate");
    add_count(app, "--repeat", o->repeat, "Build N times and report the median build time", 1,
              1000);
    app->footer(FORMAT_HELP);
    return {app, [o] { return run_tablebase(*o); }};
}

const RegisterCommand registered(60, setup);

} // namespace
} // namespace al0::tools
