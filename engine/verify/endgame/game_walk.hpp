#pragma once
// One verification state of any material: a position with the table's side (White) to move
// where the play loop (docs/LANGUAGE.md §7) builds a forcing tree. Walking that tree against
// every Black reply, as `al0 play` follows it, ends each line in a mate, a failure, or a new
// state: the tree ended, Black left it, or a capture or promotion changed the material (then
// the table for the new material takes over, so the line stops at the next White move).
//
// The fifty-move count (engine/chess/fifty_moves.hpp): a line notes what the rule counts at its
// last position before its first reset (a capture or pawn move by either side), from 0 at the
// state's position, and at its end after its last reset, by the chess core's halfmove clock.
//
// A walk of distinct lines walks a subtree once where the tree has it again: at the same
// position and ply, with the same fifty-move counts so far. It is the same subtree, as the
// search builds a node's subtree from the node's state and depth alone (search/success_memo.hpp
// copies it on the same ground), so its lines end alike with the same counts, and a visitor that
// keeps the maxima and unions of what the lines end in sees the same. Why: KPK's trees reach
// the same positions by many move orders, and walking every line was a third of its
// verification (62.6 million line ends for 1.5 million distinct edges). Not with two equal men
// of one side: one position is then two states of the search, their roles swapped.

#include "engine/chess/fifty_moves.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/endgame/walked_keys.hpp"
#include "engine/verify/shared/step_end.hpp"
#include "engine/verify/shared/table_set.hpp"

#include <span>
#include <vector>

namespace al0::verify {

struct GameStep {
    StepEnd end;
    // Where the line ends (the new state's position for new_state); its key() is stale (the walk
    // plays Position::after_unkeyed), its FEN counters its own.
    const Position& position;
    int table;        // the table of the new state (new_state), else of the walked one
    int white_moves;  // White moves played in this state's tree along the line
    int before_reset; // the count before the first reset (at the end if none), 0 at the start
    int after_reset;  // the count at the end after the last reset, NO_RESET (-1) if none
    std::span<const Move> line; // the moves from the state's position, both sides
};

// Which lines a walk visits.
enum class Lines {
    every,    // every line once
    distinct, // a subtree met again is not walked again (above)
};

// Reusable: one walker per thread. The registry must already hold the tablebases of every
// material the lines can reach (Registry::table of the verified material builds them), so that
// walkers on several threads only read it.
class GameWalker {
  public:
    GameWalker(const TableSet& set, tablebase::Registry& registry, search::Options options)
        : set_(set), registry_(registry), options_(options) {}

    // Calls visit(const GameStep&) for the lines from the White-to-move position of table t.
    template <class Visit>
    void walk(int t, const Position& start, Visit&& visit, Lines lines = Lines::every) {
        depth_ = 0;
        distinct_ = lines == Lines::distinct && !has_equal_men(start);
        if (distinct_) walked_.clear();
        table_ = t;
        probe_ = probe_of(start);
        set_.tables[std::size_t(t)].build(start, options_, result_);
        // A line passes each us node of the tree once, with a White move and a reply there.
        if (line_.size() < 2 * result_.tree.nodes.size())
            line_.resize(2 * result_.tree.nodes.size());
        const auto fail = [&](StepEnd end) { visit(GameStep{end, start, t, 0, 0, -1, line()}); };
        if (result_.outcome == search::Outcome::budget_exceeded)
            fail(StepEnd::budget_exceeded);
        else if (result_.outcome == search::Outcome::depth_exceeded)
            fail(StepEnd::depth_exceeded);
        else if (result_.outcome != search::Outcome::found)
            fail(StepEnd::no_advice);
        else
            walk_us(0, start, Count{}, visit);
    }

    // The forcing tree of the latest walk.
    [[nodiscard]] const search::SearchResult<Move>& last_search() const { return result_; }
    // Returns the tablebase's entry of P, of any material the lines reach (by the walker's
    // lookups per material, cheaper than the registry's).
    [[nodiscard]] std::uint8_t value(const Position& p) {
        return probes_[probe_of(p)].value(p, registry_);
    }

  private:
    using Tree = search::ForcingTree<Move>;
    // White moves and plies so far, and the plies before the first reset (-1: none yet).
    struct Count {
        int moves = 0, plies = 0, first = -1;
        // Counts the ply that reached P: a reset when the chess core's clock is back to 0.
        void ply(const Position& p) {
            ++plies;
            if (first < 0 && p.halfmove_clock() == 0) first = plies - 1;
        }
    };

    // What a line needs of one material: the set's table for it (-1: none) and its tablebase,
    // looked up once per material a walker meets. Why: the registry's and the set's lookups by
    // material were a sixth of the walk.
    struct MaterialProbe {
        std::uint64_t code = 0; // material_code of its positions
        int set_table = -1;     // TableSet::find
        tablebase::MaterialTable table;
        // A position with an en-passant square is in no table: it is valued by its children.
        [[nodiscard]] std::uint8_t value(const Position& p, tablebase::Registry& registry) const {
            return is_ok(p.ep_square()) ? tablebase::value(registry, p)
                                        : table.value(tablebase::board_of(p));
        }
    };
    // Returns a number that differs between materials: each man adds 8 to the power of its
    // piece (at most five men, so no digit overflows).
    static std::uint64_t material_code(const Position& p) {
        std::uint64_t code = 0;
        for (Bitboard b = p.occupied(); b; b &= b - 1)
            code += std::uint64_t{1} << (3 * p.piece_on(lsb(b)));
        return code;
    }
    // Returns the index in probes_ of the material of P.
    std::size_t probe_of(const Position& p) {
        const std::uint64_t code = material_code(p);
        for (std::size_t i = 0; i < probes_.size(); ++i)
            if (probes_[i].code == code) return i;
        const tablebase::Material m = tablebase::board_of(p).material();
        probes_.push_back({code, set_.find(m), registry_.material_table(m)});
        return probes_.size() - 1;
    }

    // Whether a side has two men of one kind (or the position more men than a key holds).
    static bool has_equal_men(const Position& p) {
        if (p.piece_count() > 6) return true;
        for (Color c : {WHITE, BLACK})
            for (PieceType t : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
                if (popcount(p.pieces(c, t)) > 1) return true;
        return false;
    }
    // An exact key of where a subtree's walk starts: the position's men (ten bits each, at
    // most six), its en passant square and halfmove clock, and the count so far.
    static WalkedKeys::Key key_of(const Position& p, const Count& c) {
        std::uint64_t men = 0;
        for (Bitboard b = p.occupied(); b; b &= b - 1)
            men = men << 10 | std::uint64_t(lsb(b)) << 4 | std::uint64_t(p.piece_on(lsb(b)));
        return {men, std::uint64_t(p.ep_square()) | std::uint64_t(p.halfmove_clock()) << 8 |
                         std::uint64_t(c.plies) << 24 | std::uint64_t(c.first + 1) << 40};
    }

    // Whether a move changes the material: a capture or a promotion.
    static bool converts(const Position& p, Move m) {
        return p.is_capture(m) || m.promotion() != NO_PIECE_TYPE;
    }

    template <class Visit>
    void end(StepEnd e, const Position& at, int table, const Count& c, Visit& visit) {
        const bool mate = e == StepEnd::mate;
        visit(GameStep{e, at, table, c.moves,
                       c.first < 0 ? fifty_move_count(c.plies, mate) : c.first,
                       c.first < 0 ? -1 : fifty_move_count(at.halfmove_clock(), mate), line()});
    }

    [[nodiscard]] std::span<const Move> line() const { return {line_.data(), depth_}; }

    // White plays the tree's move at us node `node`; then every Black reply follows the tree or
    // ends the line.
    template <class Visit>
    void walk_us(std::uint32_t node, const Position& pos, Count count, Visit& visit) {
        if (distinct_ && !walked_.insert(key_of(pos, count))) return;
        const Tree& tree = result_.tree;
        const auto edge = tree.children(node)[0];
        const bool converted = converts(pos, edge.move);
        const Position after = pos.after_unkeyed(edge.move);
        line_[depth_++] = edge.move;
        ++count.moves;
        count.ply(after);
        const MoveList replies = generate_legal(after);
        if (replies.empty()) {
            end(after.in_check() ? StepEnd::mate : StepEnd::stalemate, after, table_, count, visit);
        } else if (!tablebase::is_loss(
                       probes_[converted ? probe_of(after) : probe_].value(after, registry_))) {
            end(StepEnd::win_lost, after, table_, count, visit);
        } else {
            const bool them = tree.node(edge.child).kind == search::NodeKind::them;
            for (Move r : replies) {
                Count c = count;
                const Position next = after.after_unkeyed(r);
                c.ply(next);
                line_[depth_++] = r;
                if (converted || converts(after, r)) {
                    const int t = probes_[probe_of(next)].set_table;
                    end(t < 0 ? StepEnd::no_table : StepEnd::new_state, next, t < 0 ? table_ : t, c,
                        visit);
                } else {
                    const std::uint32_t child = them ? tree.follow(edge.child, r) : search::NO_NODE;
                    if (child != search::NO_NODE && tree.node(child).kind == search::NodeKind::us)
                        walk_us(child, next, c, visit);
                    else
                        end(StepEnd::new_state, next, table_, c, visit);
                }
                --depth_;
            }
        }
        --depth_;
    }

    const TableSet& set_;
    tablebase::Registry& registry_;
    search::Options options_;
    int table_ = 0;
    std::vector<MaterialProbe> probes_; // the materials met so far
    std::size_t probe_ = 0;             // the walked state's material
    search::SearchResult<Move> result_; // reused: its buffers keep their capacity
    // The line's moves so far, its first depth_, sized for the tree's longest. Why not
    // push_back: not inlined in the recursive walk, it cost a fortieth of KPK's verification.
    std::vector<Move> line_;
    std::size_t depth_ = 0;
    bool distinct_ = false; // this walk's lines are distinct ones
    WalkedKeys walked_;     // where the subtrees this walk walked start
};

} // namespace al0::verify
