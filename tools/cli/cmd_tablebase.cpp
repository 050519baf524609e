// al0 tablebase MATERIAL [--stats] [--out FILE] | --all, [--no-cache]: build (or load from the
// cache) the distance-to-mate tables of three- and four-man endgames and print their totals.

#include "engine/io/atomic_file.hpp"
#include "engine/search/elapsed.hpp"
#include "engine/tablebase/cache_file.hpp"
#include "engine/tablebase/registry.hpp"
#include "tools/cli/command.hpp"
#include "tools/cli/count_option.hpp"
#include "tools/cli/progress.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

namespace al0::tools {
namespace cmd_tablebase {

using namespace tablebase;

struct TablebaseOptions {
    std::string material;
    bool all = false;
    bool stats = false;
    bool no_cache = false;
    std::string out;
    int threads = 0;
};

const char* const FORMAT_HELP =
    "Entries are distances to mate for the side to move, pure DTM: the fifty-move rule is not\n"
    "part of them. Tables are cached in $XDG_CACHE_HOME/al0 (else ~/.cache/al0); a cache file\n"
    "that is corrupt, truncated, of another version or no regular file is rebuilt. --out and the\n"
    "cache write one format: the line \"al0 tablebase v2 MATERIAL ENTRIES CHECKSUM\\n\" (the\n"
    "checksum is FNV-1a 64 of the line before it, then of the entries, in hex), then one byte\n"
    "per entry: v <= 252 is a distance in plies (odd: the side to move mates in (v+1)/2\n"
    "moves; even: it is mated in v/2), 254 a draw, 255 an illegal or unused slot. The index "
    "(engine/tablebase/layout.hpp): side to move, king pair\n"
    "(462 symmetry classes without pawns; with pawns white king on files a-d x 64), then 64 per\n"
    "further man (48 per pawn), White's men then Black's, strongest first.";

std::uint64_t total(const std::array<std::uint64_t, COLOR_NB>& a) { return a[WHITE] + a[BLACK]; }

void print_totals(const Table& t) {
    const TableStats s = t.stats();
    for (int c = 0; c < COLOR_NB; ++c)
        std::printf("%s to move: %llu legal positions, %llu won, %llu drawn, %llu lost, longest "
                    "mate %d\n",
                    c == WHITE ? "White" : "Black", static_cast<unsigned long long>(s.positions[c]),
                    static_cast<unsigned long long>(s.wins[c]),
                    static_cast<unsigned long long>(s.draws[c]),
                    static_cast<unsigned long long>(s.losses[c]), s.longest_win[c]);
}

// Prints the positions at each distance: "mate in N" (the side to move wins) and "mated in N".
void print_histogram(const Table& t) {
    const TableStats s = t.stats();
    std::printf("\n%9s %9s %14s %14s\n", "", "moves", "White to move", "Black to move");
    const std::size_t plies = std::max(s.by_ply[WHITE].size(), s.by_ply[BLACK].size());
    auto count = [&](int c, std::size_t v) {
        return static_cast<unsigned long long>(v < s.by_ply[c].size() ? s.by_ply[c][v] : 0);
    };
    for (std::size_t v = 0; v < plies; ++v)
        if (count(WHITE, v) || count(BLACK, v))
            std::printf("%9s %9d %14llu %14llu\n", v % 2 ? "mate in" : "mated in",
                        moves_to_mate(std::uint8_t(v)), count(WHITE, v), count(BLACK, v));
    std::printf("%9s %9s %14llu %14llu\n", "draw", "",
                static_cast<unsigned long long>(s.draws[WHITE]),
                static_cast<unsigned long long>(s.draws[BLACK]));
}

int run_one(Registry& registry, const TablebaseOptions& o) {
    const auto m = Material::parse(o.material);
    if (!m) return fail(m.error());
    if (m->men() > 4) return fail("'" + o.material + "': the tables hold up to four men");
    if (m->count(WHITE) + m->count(BLACK) == 0)
        return fail("'" + o.material + "': bare kings are a draw; there is no table");
    const Material canonical = m->canonical();
    registry.on_table([&](const TableEvent& e) {
        if (!(e.table->material() == canonical)) return;
        std::printf("%s tablebase %s in %.2f ms\n", canonical.name().c_str(),
                    e.from_cache ? "loaded from the cache" : "built", e.ms);
        if (!e.cache_error.empty())
            std::fprintf(stderr, "al0: warning: %s\n", e.cache_error.c_str());
    });
    if (!(canonical == *m))
        std::printf("%s is %s with the colours swapped\n", m->name().c_str(),
                    canonical.name().c_str());
    const Table& t = registry.table(canonical);
    print_totals(t);
    if (o.stats) print_histogram(t);
    if (!o.out.empty()) {
        if (auto why = write_table_file(o.out, t)) return fail(*why);
        std::printf("Wrote %s\n", o.out.c_str());
    }
    return EXIT_OK;
}

int run_all(Registry& registry) {
    const std::vector<Material> all = all_materials_up_to_four();
    const ProgressBar bar = progress_bar("tablebase");
    std::vector<TableEvent> events;
    registry.on_table([&](const TableEvent& e) {
        events.push_back(e);
        if (bar) bar(events.size(), all.size());
    });
    const auto start = std::chrono::steady_clock::now();
    for (const Material& m : all) registry.table(m);
    const double seconds = search::seconds_since(start);
    std::printf("%-8s %12s %12s %12s %12s %8s %12s\n", "material", "positions", "wins", "draws",
                "losses", "longest", "time (ms)");
    for (const TableEvent& e : events) {
        const TableStats s = e.table->stats();
        std::printf("%-8s %12llu %12llu %12llu %12llu %8d %12.1f%s\n",
                    e.table->material().name().c_str(),
                    static_cast<unsigned long long>(total(s.positions)),
                    static_cast<unsigned long long>(total(s.wins)),
                    static_cast<unsigned long long>(total(s.draws)),
                    static_cast<unsigned long long>(total(s.losses)),
                    std::max(s.longest_win[WHITE], s.longest_win[BLACK]), e.ms,
                    e.from_cache ? " (cache)" : "");
        if (!e.cache_error.empty())
            std::fprintf(stderr, "al0: warning: %s\n", e.cache_error.c_str());
    }
    std::printf("%zu tables in %.1f s\n", events.size(), seconds);
    return EXIT_OK;
}

int run_tablebase(const TablebaseOptions& o) {
    if (o.all == !o.material.empty()) return fail("give one MATERIAL (such as KBNK), or --all");
    if (o.all && (o.stats || !o.out.empty()))
        return fail("--stats and --out are for one MATERIAL, not --all");
    if (!o.out.empty())
        if (auto why = io::check_writable(o.out)) return fail(*why);
    Registry registry(CachePolicy{!o.no_cache, {}}, o.threads);
    return o.all ? run_all(registry) : run_one(registry, o);
}

Command setup(CLI::App& parent) {
    auto o = std::make_shared<TablebaseOptions>();
    auto* app = parent.add_subcommand(
        "tablebase", "Build the distance-to-mate tablebase of a 3- or 4-man endgame, or of all");
    app->add_option("material", o->material, "The endgame, strong side first: KQK, KBNK, KPKP...")
        ->type_name("MATERIAL");
    app->add_flag("--all", o->all,
                  "Every 3- and 4-man material: positions, wins, draws, losses (for the side to "
                  "move, both sides), longest mate and build time of each");
    app->add_flag("--stats", o->stats, "Show the number of positions at each distance to mate");
    app->add_option("--out", o->out, "Write the table to FILE (format below)")->option_text("FILE");
    app->add_flag("--no-cache", o->no_cache, "Neither read nor write the disk cache");
    add_threads(app, o->threads,
                "Threads solving each table of four men (three-man tables take one; the same "
                "entries for any number)");
    app->footer(FORMAT_HELP);
    return {app, [o] { return run_tablebase(*o); }};
}

const RegisterCommand registered(60, setup);

} // namespace cmd_tablebase
} // namespace al0::tools
