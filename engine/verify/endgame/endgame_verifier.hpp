#pragma once
// Whole-table verification for any material of up to four men (README, `al0 verify`): from every
// legal position with the table's side (White) to move that the tablebase marks won, the play
// loop of docs/LANGUAGE.md §7 against every defence; after a capture or promotion the table set's
// table for the new material goes on, and the verdict covers the whole line. A Black-strong
// position is the colour-flipped White one, so it is no start position of its own. A symmetric
// table (SetTable::symmetric) plays each position as the mirror of its class's representative:
// when the tables it can turn into are symmetric too, its states are classes, and a start
// counts for every position of its class.

#include "engine/tablebase/registry.hpp"
#include "engine/verify/graph/state_graph.hpp"
#include "engine/verify/shared/advice_tally.hpp"
#include "engine/verify/shared/defending_line.hpp"
#include "engine/verify/shared/material_states.hpp"
#include "engine/verify/shared/table_set.hpp"
#include "engine/verify/shared/table_summary.hpp"

#include <cstdint>
#include <vector>

namespace al0::verify {

struct ThreadPart;
class GameWalker;
class BudgetRetries;

class EndgameVerification {
  public:
    // Verifies set.tables.front() over every won position of its material. The registry
    // supplies the tablebases (built here first when missing).
    static EndgameVerification run(const TableSet& set, tablebase::Registry& registry,
                                   const VerifyOptions& options);
    // The verification keeps SET (its lines replay the tables): a temporary would dangle.
    static EndgameVerification run(TableSet&&, tablebase::Registry&, const VerifyOptions&) = delete;

    [[nodiscard]] const TableSummary& summary() const { return summary_; }
    // The verdict and worst case (moves to mate; -1 unless won or over fifty) of a start
    // position (won, White to move, the verified table's material).
    [[nodiscard]] Verdict verdict(const Position& p) const;
    [[nodiscard]] int worst(const Position& p) const;
    // Returns up to n start positions with the verdict, in index order.
    [[nodiscard]] std::vector<Position> examples(Verdict v, int n) const;
    // Returns the first won start position whose worst case is the summary's worst.
    [[nodiscard]] Position worst_position() const;
    // Returns a defending line that shows the position's verdict: for a failure, the shortest
    // way (in rebuilds) to it; for a win, the longest resistance.
    [[nodiscard]] DefendingLine line(const Position& p) const;

  private:
    template <class V>
    friend void plan_line(const V& v, std::uint32_t start, DefendingLine& line);
    EndgameVerification(const TableSet& set, tablebase::Registry& registry,
                        const VerifyOptions& options);
    void add_starts(std::uint32_t sample, const StartFilter& keep);
    void build_graph(const VerifyOptions& options);
    // Walks state ID's tree with WALKER into PART, the part of THREAD; returns its search
    // (endgame_state_walk.cpp). ADVICE_OFFSET: per table, its first advice in advice_use.
    const search::SearchResult<Move>& walk_state(ThreadPart& part, GameWalker& walker,
                                                 std::uint32_t id, BudgetRetries& retries,
                                                 int thread,
                                                 const std::vector<std::int32_t>& advice_offset);
    void summarise();
    // Returns the node of a position of table t, or -1.
    [[nodiscard]] std::int64_t find(int t, const Position& p) const;
    // Returns the slot of a position of table t: its class representative's when its states
    // are classes.
    [[nodiscard]] std::uint32_t slot(int t, const Position& p) const;
    [[nodiscard]] std::uint32_t start_id(const Position& p) const;
    [[nodiscard]] Position position(std::uint32_t id) const;
    std::uint32_t add_node(int t, std::uint32_t index);
    [[nodiscard]] Position on_line(std::uint32_t node, const DefendingLine& line) const;
    void append_step_to(std::uint32_t from, std::uint32_t to, DefendingLine& line) const;
    void append_failure(std::uint32_t at, Verdict v, DefendingLine& line) const;
    void append_longest(std::uint32_t at, DefendingLine& line) const;

    const TableSet& set_;
    tablebase::Registry& registry_;
    search::Options options_;
    int limit_;                                    // the fifty-move rule's, in plies
    std::vector<MaterialStates> spaces_;           // per table of the set
    std::vector<std::uint8_t> classes_;            // per table: its states are symmetry classes
    std::vector<std::vector<std::int32_t>> id_of_; // per table: slot -> node, -1 (on demand)
    std::vector<std::uint8_t> node_table_;
    std::vector<std::uint32_t> node_index_;
    std::uint32_t starts_ = 0; // nodes [0, starts_) are the start positions, in index order
    StateGraph graph_;
    GraphSolution solution_;
    std::vector<Verdict> verdicts_;    // per start
    std::vector<std::uint8_t> weight_; // per start: the positions it counts for (its class's)
    // Per node: the advice of its tree as an index of the summary's advice_use, -1 if none.
    std::vector<std::int32_t> advice_of_;
    TableSummary summary_;
};

} // namespace al0::verify
