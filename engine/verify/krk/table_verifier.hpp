#pragma once
// Whole-table verification (README, Commands, `al0 verify`): from every legal White-to-move KRK
// position, the play loop of docs/LANGUAGE.md §7 against every defence. Each position is won (with
// the worst-case number of moves to mate) or fails in one of the verdict's ways.

#include "engine/krk/krk_state.hpp"
#include "engine/search/core.hpp"
#include "engine/search/program.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/verify/graph/state_graph.hpp"
#include "engine/verify/shared/advice_tally.hpp"
#include "engine/verify/shared/defending_line.hpp"
#include "engine/verify/shared/table_summary.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace al0::verify {

class TableVerification {
  public:
    // Verifies the table (a compiled KRK program) over all 175,168 positions.
    static TableVerification run(const search::Program& program,
                                 const tablebase::KrkTablebase& tablebase,
                                 const VerifyOptions& options);

    [[nodiscard]] const TableSummary& summary() const { return summary_; }
    // The verdict and worst case (moves to mate; -1 unless won or over fifty) of a legal
    // White-to-move state.
    [[nodiscard]] Verdict verdict(const krk::KrkState& s) const;
    [[nodiscard]] int worst(const krk::KrkState& s) const;
    // Returns up to n positions with the verdict, in index order (wk, wr, bk).
    [[nodiscard]] std::vector<krk::KrkState> examples(Verdict v, int n) const;
    // Returns a defending line that shows the position's verdict: for a failure, the shortest
    // way (in rebuilds) to it; for a win, the longest resistance.
    [[nodiscard]] DefendingLine line(const krk::KrkState& s) const;
    // Returns the first won position (index order) whose worst case is the summary's worst.
    [[nodiscard]] krk::KrkState worst_position() const;

  private:
    template <class V>
    friend void plan_line(const V& v, std::uint32_t start, DefendingLine& line);
    TableVerification(const search::Program& program, const search::Options& options, int limit)
        : program_(program), options_(options), limit_(limit) {}
    void build_graph(const VerifyOptions& options, const tablebase::KrkTablebase& tablebase);
    void summarise(const tablebase::KrkTablebase& tablebase);
    [[nodiscard]] std::uint32_t id(const krk::KrkState& s) const;
    void append_step_to(std::uint32_t from, std::uint32_t to, DefendingLine& line) const;
    void append_failure(std::uint32_t at, Verdict v, DefendingLine& line) const;
    void append_longest(std::uint32_t at, DefendingLine& line) const;

    search::Program program_;
    search::Options options_;
    int limit_;                             // the fifty-move rule's, in plies
    std::vector<std::int32_t> state_of_id_; // compact node id -> state index
    std::vector<std::int32_t> id_of_state_; // state index -> compact node id, -1 if illegal
    StateGraph graph_;
    GraphSolution solution_;
    std::vector<Verdict> verdicts_;
    std::vector<std::int32_t> advice_of_; // per node: the advice of its tree, -1 if none
    TableSummary summary_;
};

} // namespace al0::verify
