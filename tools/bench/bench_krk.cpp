// The `krk` bench workload: forcing trees per second with the book's table over the book's start
// positions and a fixed spread of positions, and search nodes per second.

#include "engine/endgame/compiled_domain.hpp"
#include "engine/endgame/think.hpp"
#include "engine/krk/krk_library_domain.hpp"
#include "engine/search/failure_memo.hpp"
#include "tools/app/krk_setup.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/app/verify_json.hpp"
#include "tools/bench/bench.hpp"

#include <chrono>
#include <ostream>
#include <sstream>

namespace al0::tools {
namespace bench_krk {

// The book's six start positions (from the book's program file).
constexpr const char* BOOK_POSITIONS[] = {
    "8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", "7R/8/8/8/8/2K5/8/3k4 w - - 0 1",
    "8/8/4K3/8/3R4/8/1k6/8 w - - 0 1", "7k/8/8/8/8/8/1K6/R7 w - - 0 1",
    "8/8/8/8/3R4/2k5/8/K7 w - - 0 1",  "8/8/8/8/3K4/8/2k5/1R6 w - - 0 1",
};

// Times the trees of PROGRAM through DOMAIN from each of ROOTS (the book positions, or the one
// o.position numbers); returns the median microseconds per tree. FRESH: each tree is built after
// the failures kept across searches are forgotten (FailureMemo::forget_all, timed with it), as the
// one tree of a process is; else each finds those of the trees before it, built from the same root.
template <class Domain>
double time_trees(const BenchOptions& o, std::ostream& out, const Domain& domain,
                  const search::Program& program, const std::vector<typename Domain::State>& roots,
                  bool fresh) {
    const int trees_per_position = o.quick ? 100 : 20'000;
    out << "per book position, median of " << o.repetitions << " runs of " << trees_per_position
        << " trees:\n";
    std::vector<double> per_position;
    search::SearchResult<Move> result; // reused: its buffers keep their capacity
    for (std::size_t i = 0; i < roots.size(); ++i) {
        if (o.position != 0 && i + 1 != std::size_t(o.position)) continue;
        std::vector<double> micros;
        std::uint64_t nodes = 0;
        for (int rep = 0; rep < o.repetitions; ++rep) {
            auto start = std::chrono::steady_clock::now();
            nodes = 0;
            for (int t = 0; t < trees_per_position; ++t) {
                if (fresh) search::FailureMemo::forget_all();
                search::build_tree_into(domain, program, roots[i], {}, result);
                nodes += result.stats.nodes;
            }
            micros.push_back(
                std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
                    .count() /
                trees_per_position);
        }
        double us = median(micros);
        per_position.push_back(us);
        out << "  " << BOOK_POSITIONS[i] << ": " << us << " us/tree, " << nodes / trees_per_position
            << " nodes/tree, " << (double(nodes) / trees_per_position) / us << " M nodes/s\n";
    }
    if (o.position != 0)
        out << "book position " << o.position << " alone: ";
    else
        out << "median over the book positions: ";
    out << median(per_position) << " us per forcing tree (" << 1e6 / median(per_position)
        << " trees/s)\n";
    return median(per_position);
}

// The median microseconds per tree of fresh trees (the goal's figure) and of trees repeated
// from one root; the same figure for a domain whose failures do not outlast a search.
struct TreeTimes {
    double fresh = 0, repeated = 0;
};

// Times the trees of PROGRAM through DOMAIN from ROOTS, fresh and repeated (time_trees).
template <class Domain>
TreeTimes time_fresh_and_repeated(const BenchOptions& o, std::ostream& out, const Domain& domain,
                                  const search::Program& program,
                                  const std::vector<typename Domain::State>& roots) {
    if constexpr (search::RootBlindDomain<Domain>) {
        out << "fresh trees, the failures kept across searches forgotten before each (as one "
               "`al0 advise` builds it): the goal's figure\n";
        const double fresh = time_trees(o, out, domain, program, roots, true);
        out << "repeated trees, each finding the failures of the trees before it from the same "
               "root\n";
        return {fresh, time_trees(o, out, domain, program, roots, false)};
    } else {
        const double us = time_trees(o, out, domain, program, roots, false); // each tree fresh
        return {us, us};
    }
}

// Times PROGRAM with TIME (a function of a program that returns its TreeTimes); when its goals
// are loaded as machine code, interpreted first, then compiled, with the ratio.
template <class Time>
TreeTimes time_interpreted_and_compiled(std::ostream& out, const search::Program& program,
                                        Time&& time) {
    if (!program.native_library) return time(program);
    search::Program interpreted = program;
    codegen::unload_native_goals(interpreted);
    out << "goals interpreted:\n";
    const TreeTimes slow = time(interpreted);
    out << "goals " << goals_text(search::goals_path(program)) << ":\n";
    const TreeTimes fast = time(program);
    if (slow.fresh > 0)
        out << "compiled goals against interpreted: " << fast.fresh / slow.fresh << "x per tree\n";
    return fast;
}

// PRELUDE: "" for the native KRK library, or the library the book table is read over. Returns
// the medians per tree (BenchFailure when the table does not load). A table whose goals load as
// machine code (`al0 --goals`) is timed with them, and, with BOTH, interpreted first.
TreeTimes run(const BenchOptions& o, std::ostream& out, const std::string& prelude,
              bool both = true) {
    auto program = load_krk_program("krk_bratko", prelude);
    if (!program) {
        throw BenchFailure("cannot load the book table: " + program.error());
    }
    std::vector<krk::KrkState> roots;
    for (const char* fen : BOOK_POSITIONS)
        roots.push_back(*krk::to_state(*read_krk_position(fen, true)));
    auto time = [&](const search::Program& p) {
        return krk::on_krk_domain(p, [&](const auto& domain) {
            return time_fresh_and_repeated(o, out, domain, p, roots);
        });
    };
    if (!both) return time(*program);
    return time_interpreted_and_compiled(out, *program, time);
}

// The book table over lib/krk_book through the general endgame domain (what play, uci and match
// run for KRK): the medians per tree, its goals compiled as `al0 --goals` says and, with BOTH,
// interpreted beside.
TreeTimes run_endgame(const BenchOptions& o, std::ostream& out, bool both = true) {
    auto table = load_table("krk_bratko");
    if (!table) {
        throw BenchFailure("cannot load the book table: " + table.error());
    }
    std::vector<endgame::State> roots;
    for (const char* fen : BOOK_POSITIONS)
        roots.push_back(endgame::orient(table->roles, *read_krk_position(fen, true))->state);
    auto time = [&](const search::Program& p) {
        return endgame::on_domain(table->roles, p, [&](const auto& domain) {
            return time_fresh_and_repeated(o, out, domain, p, roots);
        });
    };
    if (!both) return time(table->program);
    return time_interpreted_and_compiled(out, table->program, time);
}

// Prints the ratios of the times per tree T to those of the workload NAME, timed now (side by
// side) by RUN (a function of the stream it prints its own lines to).
template <class Run>
void print_against(std::ostream& out, const char* name, TreeTimes t, Run&& run) {
    std::ostringstream reference_out;
    const TreeTimes reference = run(reference_out);
    if (t.fresh > 0 && reference.fresh > 0)
        out << "against " << name << " (" << reference.fresh << " us per tree, timed now): fresh "
            << t.fresh / reference.fresh << "x per tree, repeated "
            << t.repeated / reference.repeated << "x per tree\n";
}

// The same against the native KRK path, its goals compiled as `al0 --goals` says.
void print_against_native(const BenchOptions& o, std::ostream& out, TreeTimes t) {
    print_against(out, "the native KRK path", t,
                  [&](std::ostream& sink) { return run(o, sink, "", false); });
}

const RegisterBench registered({"krk", "forcing trees of the book table (KRK)", 10,
                                [](const BenchOptions& o, std::ostream& out) { run(o, out, ""); }});
// Against krk_endgame too: the same table and definitions on the general endgame domain.
const RegisterBench over_prelude(
    {"krk_prelude", "the same over the AL0 prelude lib/krk_book instead of the native KRK library",
     11, [](const BenchOptions& o, std::ostream& out) {
         const TreeTimes t = run(o, out, "lib/krk_book");
         print_against_native(o, out, t);
         print_against(out, "krk_endgame", t,
                       [&](std::ostream& sink) { return run_endgame(o, sink, false); });
     }});
const RegisterBench endgame_domain(
    {"krk_endgame",
     "the same over lib/krk_book through the general endgame domain (engine/endgame) instead "
     "of engine/krk",
     12, [](const BenchOptions& o, std::ostream& out) {
         print_against_native(o, out, run_endgame(o, out));
     }});

} // namespace bench_krk
} // namespace al0::tools
