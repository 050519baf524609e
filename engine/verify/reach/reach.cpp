// The retrograde pass of `al0 reach` (reach.hpp). Per class of roots that agree on every root(E)
// the goals read: the goals are evaluated at every position (from primitive values computed once
// for all classes), then forced positions are found ply by ply, as the tablebase solver finds
// mates: from each position forced in p plies, its predecessors are looked at again. With the
// advice's move constraints, the depths at which a depth test can still change its answer are
// solved one at a time, above the depth from which none can.

#include "engine/verify/reach/reach.hpp"
#include "engine/verify/reach/reach_reads.hpp"

#include "contract/chess_library.hpp"
#include "contract/material.hpp"
#include "engine/chess/material.hpp"
#include "engine/search/core.hpp"
#include "engine/search/elapsed.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/shared/material_states.hpp"
#include "engine/verify/shared/parallel.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <map>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

namespace al0::verify {

namespace {

namespace lib = contract::chess;
using search::GoalId;
using search::Instance;
using search::Program;
using tablebase::Board;
using tablebase::Material;
using namespace reach_reads;

// A position's entry: the plies its shortest forcing tree needs, or one of these.
constexpr std::uint8_t MAX_PLIES = 252, OPEN = 253, HOLD_FAILS = 254, ILLEGAL = 255;

bool forced(std::uint8_t v) { return v <= MAX_PLIES; }

Move move_of(const tablebase::BoardMove& m) {
    return Move(m.from, m.to,
                m.promotion == tablebase::K_KING ? NO_PIECE_TYPE : piece_type_of(m.promotion));
}

// One material's positions and what is known of them before any class is solved.
// SpaceData::legal: not legal, legal, legal with a capture or promotion among its moves.
constexpr std::uint8_t CONVERTS = 2;

struct SpaceData {
    ReachSpace space;
    std::vector<std::uint8_t> legal;
    std::vector<std::int16_t> values; // per slot, the cached value slots in order
};

// What every class shares.
struct Shared {
    Shared(const endgame::CompiledTable& t, const search::CompiledAdvice& a)
        : table(t), advice(a) {}

    const endgame::CompiledTable& table;
    const search::CompiledAdvice& advice;
    GoalId better = 0, holding = 0;
    bool constraints = false;
    const std::atomic<bool>* stop = nullptr;
    int levels = 0; // depths 0 .. levels-1 solved one by one; at levels and below, the same
    std::vector<std::uint16_t> cached; // value slots cached per position
    std::vector<std::uint16_t> roots;  // root values the goals (and filters) read
    std::vector<SpaceData> spaces;     // the main material last
    std::vector<std::uint32_t> root_slots;
    std::vector<int> root_class;
    std::vector<std::uint32_t> class_root; // per class: its first root

    [[nodiscard]] int space_of(const Material& m) const {
        for (std::size_t s = 0; s < spaces.size(); ++s)
            if (spaces[s].space.material() == m) return int(s);
        throw std::logic_error("reach: no space for " + m.name());
    }
};

// Throws Cancelled once the caller's stop flag is set: the long loops ask between passes.
void check_stop(const Shared& sh) {
    if (sh.stop && sh.stop->load(std::memory_order_relaxed)) throw Cancelled();
}

// Solves the classes given to it, one at a time.
class Worker {
  public:
    explicit Worker(const Shared& shared)
        : shared_(shared), domain_(shared.table.roles), seed_(shared.spaces.size()),
          levels_(std::size_t(shared.levels + 1), Entries(shared.spaces.size())) {}

    void solve(int cls) {
        root_ = state_of(shared_.table.roles, board(int(shared_.spaces.size() - 1),
                                                    shared_.class_root[std::size_t(cls)]));
        search::Evaluator<endgame::Domain> eval(domain_, shared_.table.program);
        eval_ = &eval;
        for (std::size_t s = 0; s < shared_.spaces.size(); ++s) seed(int(s));
        for (std::size_t s = 0; s < shared_.spaces.size(); ++s) solve_deep(int(s));
        for (int d = shared_.levels - 1; d >= 0; --d)
            for (std::size_t s = 0; s < shared_.spaces.size(); ++s) solve_level(int(s), d);
        eval_ = nullptr;
    }

    // The entry of a main-material slot at the root.
    [[nodiscard]] std::uint8_t root_entry(std::uint32_t slot) const {
        return at(0, int(shared_.spaces.size() - 1), slot);
    }

    // A line from an unforceable root (ReachLine); call right after solve() of its class.
    ReachLine line(std::uint32_t root_slot) {
        search::Evaluator<endgame::Domain> eval(domain_, shared_.table.program);
        eval_ = &eval;
        int s = int(shared_.spaces.size() - 1);
        std::uint32_t slot = root_slot;
        Board b = board(s, slot);
        ReachLine line{position_of(b), {}, ""};
        std::set<std::uint64_t> seen;
        for (int depth = 0; line.ending.empty(); ++depth) {
            const std::uint8_t v = at(depth, s, slot);
            if (v == HOLD_FAILS) {
                line.ending =
                    depth == 0 ? "the holding goal fails at the root" : "the holding goal fails";
                break;
            }
            if (forced(v)) { // only where the move constraints force the goal later
                line.ending = "the goal can now be forced";
                break;
            }
            const int level = std::min(depth, shared_.levels);
            if (!seen.insert(std::uint64_t(level) << 40 | std::uint64_t(s) << 32 | slot).second) {
                line.ending = "the line repeats: the goal is never reached";
                break;
            }
            if (depth >= 2 * search::MAX_SEARCH_DEPTH) break;
            const bool us = b.stm == WHITE;
            int pick_s = -1;
            std::uint32_t pick = 0;
            Board pick_board;
            Move pick_move;
            int rank = INT_MAX; // smaller is the better pick
            children(s, b, depth, [&](int cs, std::uint32_t cslot, const Board& child, Move m) {
                const std::uint8_t cv = at(depth + 1, cs, cslot);
                const int r = us ? (cv == HOLD_FAILS) : (cv == HOLD_FAILS ? 0 : forced(cv) ? 2 : 1);
                if (r < rank)
                    rank = r, pick_s = cs, pick = cslot, pick_board = child, pick_move = m;
                return true;
            });
            if (pick_s < 0) {
                line.ending = "no move allowed";
                break;
            }
            line.moves.push_back(pick_move);
            s = pick_s;
            slot = pick;
            b = pick_board; // the board itself: its slot may stand for a symmetric one
        }
        eval_ = nullptr;
        return line;
    }

  private:
    using Entries = std::vector<std::vector<std::uint8_t>>; // per space, per slot

    [[nodiscard]] Board board(int s, std::uint32_t slot) const {
        Board b;
        shared_.spaces[std::size_t(s)].space.decode(slot, b);
        return b;
    }

    // The entry at a depth below the root: from `levels` on, the depth-free one.
    [[nodiscard]] std::uint8_t at(int depth, int s, std::uint32_t slot) const {
        return levels_[std::size_t(std::min(depth, shared_.levels))][std::size_t(s)][slot];
    }

    // Calls f(child space, child slot, child board, move) for every move allowed at board b,
    // `depth` plies below the root, until f returns false.
    template <class F>
    void children(int s, const Board& b, int depth, F&& f) {
        bool go = true;
        if (!shared_.constraints) {
            tablebase::for_each_move(b, [&](const Board& child, tablebase::BoardMove m,
                                            bool conversion) {
                if (!go) return;
                const int cs = conversion ? shared_.space_of(child.material()) : s;
                go = f(cs, shared_.spaces[std::size_t(cs)].space.index(child), child, move_of(m));
            });
            return;
        }
        const endgame::State state = state_of(shared_.table.roles, b);
        endgame::Domain::Buffer moves;
        eval_->generate(b.stm == WHITE ? shared_.advice.us_moves : shared_.advice.them_moves, state,
                        depth, moves, &root_);
        for (Move m : moves) {
            const endgame::State next = domain_.play(state, m);
            const Board child = tablebase::board_of(next.pos);
            const int cs = child.count == b.count && child.material() == b.material()
                               ? s
                               : shared_.space_of(child.material());
            if (!f(cs, shared_.spaces[std::size_t(cs)].space.index(child), child, m)) return;
        }
    }

    void seed(int s) {
        const SpaceData& data = shared_.spaces[std::size_t(s)];
        auto& out = seed_[std::size_t(s)];
        out.assign(data.space.size(), ILLEGAL);
        const std::size_t k = shared_.cached.size();
        const endgame::State none;
        for (std::uint32_t slot = 0; slot < data.space.size(); ++slot) {
            if (!data.legal[slot]) continue;
            search::NodeValues values;
            for (std::size_t j = 0; j < k; ++j) {
                const std::uint16_t id = shared_.cached[j];
                values.values[id] = data.values[slot * k + j];
                values.known[id >> 6] |= std::uint64_t{1} << (id & 63);
            }
            out[slot] = !eval_->holds(shared_.holding, none, root_, values) ? HOLD_FAILS
                        : eval_->holds(shared_.better, none, root_, values) ? 0
                                                                            : OPEN;
        }
    }

    // The depth-free entries (the moves allowed from depth `levels` on), by retrograde.
    void solve_deep(int s) {
        const SpaceData& data = shared_.spaces[std::size_t(s)];
        auto& v = levels_[std::size_t(shared_.levels)][std::size_t(s)];
        v = seed_[std::size_t(s)];
        int horizon = 0;
        // Moves that leave the material lead to entries already final.
        for (std::uint32_t slot = 0; slot < data.space.size(); ++slot)
            if (v[slot] == OPEN && data.legal[slot] == CONVERTS) recheck(s, slot, -1, horizon);
        for (int p = 0;; ++p) {
            check_stop(shared_);
            if (p >= MAX_PLIES)
                throw std::runtime_error("reach: a forcing tree deeper than " +
                                         std::to_string(MAX_PLIES) + " plies");
            bool any = false;
            for (std::uint32_t slot = 0; slot < data.space.size(); ++slot) {
                if (v[slot] != p) continue;
                any = true;
                tablebase::for_each_unmove(board(s, slot), [&](const Board& parent, Square) {
                    const std::uint32_t j = data.space.index(parent);
                    const std::uint8_t u = v[j];
                    const bool us = parent.stm == WHITE;
                    // An us entry may still come down (a conversion set it); a them entry is
                    // set once every child is forced, for good.
                    if (!(u == OPEN || (us && forced(u) && u > p + 1))) return;
                    if (us && !shared_.constraints) { // the un-move is a legal move to p
                        v[j] = std::uint8_t(p + 1);
                        horizon = std::max(horizon, p + 1);
                    } else {
                        recheck(s, j, p, horizon);
                    }
                });
            }
            if (!any && p >= horizon) break;
        }
    }

    // Returns the entry of board b (of space s, `depth` plies below the root) from those of its
    // children that SETTLED(child space, entry) accepts as final: with us to move, 1 + the
    // fewest plies of a final forced child; with them, 1 + the most when every child is final
    // and forced; else -1.
    template <class Settled>
    int from_children(int s, const Board& b, int depth, Settled settled) {
        const bool us = b.stm == WHITE;
        int best = INT_MAX, worst = -1;
        bool all = true;
        children(s, b, depth, [&](int cs, std::uint32_t cslot, const Board&, Move) {
            const std::uint8_t cv = at(depth + 1, cs, cslot);
            const bool final = forced(cv) && settled(cs, cv);
            if (us) {
                if (final) best = std::min(best, int(cv));
                return true;
            }
            if (!final) return all = false;
            worst = std::max(worst, int(cv));
            return true;
        });
        const int value =
            us ? (best == INT_MAX ? -1 : best + 1) : (all && worst >= 0 ? worst + 1 : -1);
        if (value > MAX_PLIES)
            throw std::runtime_error("reach: a forcing tree deeper than " +
                                     std::to_string(MAX_PLIES) + " plies");
        return value;
    }

    // Looks at the children of an open (or, us to move, not yet shortest) slot again, with the
    // slots of its own material forced within p plies final.
    void recheck(int s, std::uint32_t slot, int p, int& horizon) {
        auto& v = levels_[std::size_t(shared_.levels)][std::size_t(s)];
        const int value =
            from_children(s, board(s, slot), shared_.levels,
                          [&](int cs, std::uint8_t cv) { return cs != s || cv <= p; });
        if (value < 0 || value >= v[slot]) return;
        v[slot] = std::uint8_t(value);
        horizon = std::max(horizon, value);
    }

    // The entries at depth d, from those at depth d + 1 (move constraints with depth tests).
    void solve_level(int s, int d) {
        const SpaceData& data = shared_.spaces[std::size_t(s)];
        check_stop(shared_);
        auto& v = levels_[std::size_t(d)][std::size_t(s)];
        v = seed_[std::size_t(s)];
        for (std::uint32_t slot = 0; slot < data.space.size(); ++slot) {
            if (v[slot] != OPEN) continue;
            const int value =
                from_children(s, board(s, slot), d, [](int, std::uint8_t) { return true; });
            if (value >= 0) v[slot] = std::uint8_t(value);
        }
    }

    const Shared& shared_;
    endgame::Domain domain_;
    search::Evaluator<endgame::Domain>* eval_ = nullptr;
    endgame::State root_;
    Entries seed_;
    std::vector<Entries> levels_; // [depth][space][slot], depth `levels` the depth-free one
};

// Computes what every class shares: legality, the cached values, the roots and their classes.
void prepare(Shared& sh, tablebase::Registry& registry, int threads, ReachReport& report) {
    const endgame::CompiledTable& table = sh.table;
    const int main = int(sh.spaces.size() - 1);
    const tablebase::MaterialTable tb =
        registry.material_table(sh.spaces[std::size_t(main)].space.material());
    const std::size_t k = sh.cached.size();
    const std::size_t r = sh.roots.size();
    std::vector<std::uint8_t> status; // main, White to move: 0 not legal, 1 legal, 2 won, 3 root
    std::vector<std::int32_t> keys;
    for (int s = 0; s <= main; ++s) {
        SpaceData& data = sh.spaces[std::size_t(s)];
        const std::uint32_t n = data.space.size();
        data.legal.assign(n, 0);
        data.values.assign(std::size_t(n) * k, 0);
        if (s == main) {
            status.assign(n, 0);
            keys.assign(std::size_t(n) * r, 0);
        }
        const auto work = [&](int, std::size_t begin, std::size_t end) {
            const endgame::Domain domain(table.roles);
            const search::Evaluator<endgame::Domain> eval(domain, table.program);
            for (std::size_t slot = begin; slot < end; ++slot) {
                Board b;
                if (!data.space.decode(std::uint32_t(slot), b) || tablebase::illegality(b))
                    continue;
                bool converts = false;
                tablebase::for_each_move(
                    b, [&](const Board&, tablebase::BoardMove, bool c) { converts |= c; });
                data.legal[slot] = converts ? CONVERTS : 1;
                const endgame::State state = state_of(table.roles, b);
                for (std::size_t j = 0; j < k; ++j)
                    data.values[slot * k + j] =
                        std::int16_t(domain.value(table.program.value_slots[sh.cached[j]], state));
                if (s != main || b.stm != WHITE) continue;
                status[slot] = 1;
                if (!tablebase::is_win(tb.value(b))) continue;
                status[slot] = 2;
                const int rule = search::applicable_rule(domain, table.program, state);
                if (rule < 0) continue;
                const auto& listed = table.program.rules[std::size_t(rule)].advice;
                const auto self = std::uint16_t(&sh.advice - table.program.advice.data());
                if (std::find(listed.begin(), listed.end(), self) == listed.end()) continue;
                status[slot] = 3;
                for (std::size_t i = 0; i < r; ++i) {
                    search::NodeValues values;
                    keys[slot * r + i] =
                        eval.value(table.program.root_values[sh.roots[i]], state, state, values);
                }
            }
        };
        parallel_chunks(n, threads, work, {}, sh.stop);
        check_stop(sh);
    }
    std::map<std::vector<std::int32_t>, int> classes;
    for (std::uint32_t slot = 0; slot < status.size(); ++slot) {
        report.positions += status[slot] >= 1;
        report.won += status[slot] >= 2;
        if (status[slot] != 3) continue;
        const std::vector<std::int32_t> key(keys.begin() + std::ptrdiff_t(slot * r),
                                            keys.begin() + std::ptrdiff_t((slot + 1) * r));
        auto [it, fresh] = classes.emplace(key, int(sh.class_root.size()));
        if (fresh) sh.class_root.push_back(slot);
        sh.root_slots.push_back(slot);
        sh.root_class.push_back(it->second);
    }
    report.roots = sh.root_slots.size();
    report.root_classes = int(sh.class_root.size());
}

void summarise(ReachResult& result, const Shared& sh) {
    ReachReport& r = result.report;
    std::uint64_t total = 0;
    for (std::uint32_t slot : sh.root_slots) {
        const std::uint8_t v = result.root_plies[slot];
        if (v == ReachResult::NOT_FORCEABLE) continue;
        if (r.by_plies.size() <= v) r.by_plies.resize(std::size_t(v) + 1, 0);
        ++r.by_plies[v];
        ++r.forceable;
        total += v;
        if (v > r.worst) {
            r.worst = v;
            Board b;
            sh.spaces.back().space.decode(slot, b);
            r.worst_root = position_of(b);
        }
    }
    if (r.forceable == 0) return;
    r.mean = double(total) / double(r.forceable);
    std::uint64_t seen = 0;
    for (std::size_t p = 0; p < r.by_plies.size(); ++p) {
        seen += r.by_plies[p];
        if (r.median < 0 && 2 * seen >= r.forceable) r.median = int(p);
        if (r.p99 < 0 && 100 * seen >= 99 * r.forceable) r.p99 = int(p);
    }
}

} // namespace

std::optional<int> ReachResult::plies(const Position& root) const {
    if (!space) return std::nullopt;
    const Board b = tablebase::board_of(root);
    if (b.count != space->material().men() || !(b.material() == space->material()) ||
        tablebase::illegality(b))
        return std::nullopt;
    const std::uint8_t v = root_plies[space->index(b)];
    if (v == NOT_ROOT) return std::nullopt;
    return v == NOT_FORCEABLE ? -1 : int(v);
}

namespace {

Expected<ReachResult> reach_until_stopped(const endgame::CompiledTable& table,
                                          tablebase::Registry& registry,
                                          const ReachOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    const Program& program = table.program;
    if (!program.instances)
        return Error{"reach needs a table that declares its material (material KBNK.)"};
    const auto material = Material::parse(table.roles.material);
    if (!material) return Error{material.error()};
    if (material->men() > tablebase::Board::MAX_MEN)
        return Error{"reach needs the tablebase, which has at most four men; " + material->name() +
                     " has " + std::to_string(material->men())};
    if (material->count(WHITE) == 0 || material->insufficient())
        return Error{"reach needs a material the table's side can win: " + material->name()};
    // Why: reach's retrograde pass (like the tablebase's before it took en passant in) values a
    // double step's child without the capture en passant it allows, which only a pawn on each
    // side makes possible.
    const auto pawns = [&](Color c) {
        for (int i = 0; i < material->count(c); ++i)
            if (material->extra(c, i) == tablebase::K_PAWN) return true;
        return false;
    };
    if (pawns(WHITE) && pawns(BLACK))
        return Error{"reach does not model captures en passant, so not a material with a pawn on "
                     "each side: " +
                     material->name()};
    const int n = int(program.advice.size());
    if (options.advice < 0 || options.advice >= n || options.goal_of >= n)
        return Error{"reach: no such advice"};
    const search::CompiledAdvice& advice = program.advice[std::size_t(options.advice)];
    const search::CompiledAdvice& goal_advice =
        program.advice[std::size_t(options.goal_of < 0 ? options.advice : options.goal_of)];

    Shared sh(table, advice);
    sh.better = goal_advice.better_goal;
    sh.holding = advice.holding_goal;
    sh.constraints = options.constraints;
    sh.stop = options.stop;
    ReachResult result;
    ReachReport& rep = result.report;
    rep.advice = advice.name;
    rep.goal_of = goal_advice.name;
    rep.material = material->name();
    rep.constraints = options.constraints;
    int last_rule = -1;
    for (std::size_t i = 0; i < program.rules.size(); ++i) {
        const auto& listed = program.rules[i].advice;
        if (std::find(listed.begin(), listed.end(), std::uint16_t(options.advice)) !=
            listed.end()) {
            rep.rules.push_back(program.rules[i].name);
            last_rule = int(i);
        }
    }

    Reads reads;
    reads.goal(program, sh.better, true);
    reads.goal(program, sh.holding, true);
    Reads conditions; // they decide the roots: their symmetry and roles matter too
    for (int i = 0; i <= last_rule; ++i)
        conditions.goal(program, program.rules[std::size_t(i)].condition, false);
    if (options.constraints) {
        reads.constraint(program, advice.us_moves);
        reads.constraint(program, advice.them_moves);
    }
    sh.cached.assign(reads.slots.begin(), reads.slots.end());
    sh.roots.assign(reads.roots.begin(), reads.roots.end());
    sh.levels = reads.deepest_test + 1;
    Reads all = reads;
    all.instances.insert(all.instances.end(), conditions.instances.begin(),
                         conditions.instances.end());

    const std::vector<Material> materials = materials_from(*material);
    if (auto why = ambiguous_roles(table.roles, materials, all)) return Error{"reach: " + *why};
    rep.symmetric = !asymmetric(all);
    for (const Material& m : materials) sh.spaces.push_back({ReachSpace(m, rep.symmetric), {}, {}});
    const int threads = thread_count(options.threads);
    rep.threads = threads;
    rep.depth_levels = sh.levels;

    prepare(sh, registry, threads, rep);

    const ReachSpace& main = sh.spaces.back().space;
    result.space.emplace(main);
    result.root_plies.assign(main.size(), ReachResult::NOT_ROOT);
    // Roots of each class, in slot order.
    std::vector<std::vector<std::uint32_t>> members(sh.class_root.size());
    for (std::size_t i = 0; i < sh.root_slots.size(); ++i)
        members[std::size_t(sh.root_class[i])].push_back(sh.root_slots[i]);

    std::atomic<std::size_t> next{0};
    std::vector<std::pair<std::uint32_t, ReachLine>> lines;
    std::mutex lines_mutex;
    std::exception_ptr error;
    auto run = [&] {
        try {
            Worker worker(sh);
            for (std::size_t c; (c = next.fetch_add(1)) < members.size();) {
                worker.solve(int(c));
                int shown = 0;
                for (std::uint32_t slot : members[c]) {
                    const std::uint8_t v = worker.root_entry(slot);
                    result.root_plies[slot] = forced(v) ? v : ReachResult::NOT_FORCEABLE;
                    if (v == HOLD_FAILS) {
                        std::lock_guard lock(lines_mutex);
                        ++rep.holding_fails;
                    }
                    if (forced(v) || shown >= options.examples) continue;
                    ++shown;
                    ReachLine line = worker.line(slot);
                    std::lock_guard lock(lines_mutex);
                    lines.emplace_back(slot, std::move(line));
                }
            }
        } catch (...) {
            std::lock_guard lock(lines_mutex);
            error = std::current_exception();
            next = members.size();
        }
    };
    {
        std::vector<std::jthread> pool;
        for (int t = 1; t < std::min<int>(threads, int(members.size())); ++t)
            pool.emplace_back(run);
        run();
    }
    if (error) {
        try {
            std::rethrow_exception(error);
        } catch (const Cancelled&) {
            throw;
        } catch (const std::exception& e) {
            return Error{e.what()};
        }
    }
    std::sort(lines.begin(), lines.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < lines.size() && int(i) < options.examples; ++i)
        rep.unforceable.push_back(std::move(lines[i].second));
    summarise(result, sh);
    rep.seconds = search::seconds_since(start);
    return result;
}

} // namespace

Expected<ReachResult> reach(const endgame::CompiledTable& table, tablebase::Registry& registry,
                            const ReachOptions& options) {
    try {
        return reach_until_stopped(table, registry, options);
    } catch (const Cancelled&) {
        return Error{"reach stopped"};
    }
}

} // namespace al0::verify
