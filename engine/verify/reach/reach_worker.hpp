#pragma once
// A worker of `al0 reach`'s retrograde pass: it solves the classes of roots given to it, one at
// a time, over what every class shares (reach_shared.hpp).

#include "contract/chess_library.hpp"
#include "contract/material.hpp"
#include "engine/chess/material.hpp"
#include "engine/search/core.hpp"
#include "engine/search/elapsed.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/reach/reach_shared.hpp"
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
#include <unordered_map>

namespace al0::verify::reach_detail {

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
    [[nodiscard]] std::uint8_t root_entry(std::uint32_t slot) {
        return at(0, int(shared_.spaces.size() - 1), slot);
    }

    // A line from an unforceable root (ReachLine); call right after solve() of its class.
    ReachLine line(std::uint32_t root_slot) {
        search::Evaluator<endgame::Domain> eval(domain_, shared_.table.program);
        auto* const outer = eval_; // a sweep's, which its lazy levels still need
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
        eval_ = outer;
        return line;
    }

  protected:
    using Entries = std::vector<std::vector<std::uint8_t>>; // per space, per slot

    [[nodiscard]] Board board(int s, std::uint32_t slot) const {
        Board b;
        shared_.spaces[std::size_t(s)].space.decode(slot, b);
        return b;
    }

    // The entry at a depth below the root: from `levels` on, the depth-free one. With lazy
    // levels, an entry above `levels` is worked out from its children when first asked for.
    [[nodiscard]] std::uint8_t at(int depth, int s, std::uint32_t slot) {
        const std::uint8_t deep = levels_[std::size_t(shared_.levels)][std::size_t(s)][slot];
        if (depth >= shared_.levels) return deep;
        if (!lazy_levels_) return levels_[std::size_t(depth)][std::size_t(s)][slot];
        // Only an open slot's entry differs from the depth-free one's seed.
        if (deep == HOLD_FAILS || deep == ILLEGAL || deep == 0) return deep;
        const std::uint64_t key = std::uint64_t(depth) << 40 | std::uint64_t(s) << 32 | slot;
        if (const auto it = shallow_.find(key); it != shallow_.end()) return it->second;
        const int value =
            from_children(s, board(s, slot), depth, [](int, std::uint8_t) { return true; });
        const std::uint8_t v = value < 0 ? OPEN : std::uint8_t(value);
        shallow_.emplace(key, v);
        return v;
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
            const Board child = board_of(next);
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
        const endgame::State none;
        for (std::uint32_t slot = 0; slot < data.space.size(); ++slot) {
            if (!data.legal[slot]) continue;
            search::NodeValues values = cached_values(shared_, data, slot);
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
    // Lazy levels: the entries above `levels` are not solved over every slot but worked out
    // when asked for, from the root down, and kept here per (depth, space, slot).
    bool lazy_levels_ = false;
    std::unordered_map<std::uint64_t, std::uint8_t> shallow_;
};

} // namespace al0::verify::reach_detail
