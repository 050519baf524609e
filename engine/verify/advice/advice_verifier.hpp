#pragma once
// Per-advice verification (`al0 verify --advice NAME`): in every legal White-to-move KRK position
// where one piece of advice is satisfiable at the root, its forcing tree is re-checked
// independently (tree_checker.hpp). For a mating better goal the trees are also checked against
// the tablebase — sound: each root really mates within the tree's depth — and the advice's
// completeness is measured: of the positions the tablebase mates within the advice's depth, how
// many it finds, and why it misses the others.

#include "engine/endgame/think.hpp"
#include "engine/search/program.hpp"
#include "engine/tablebase/krk_tablebase.hpp"
#include "engine/tablebase/registry.hpp"
#include "engine/verify/krk/table_verifier.hpp"
#include "engine/verify/shared/budget_retries.hpp"

#include <string>
#include <vector>

namespace al0::verify {

struct AdviceExample {
    Position position;
    std::vector<Move> line;  // from the position to the node in question
    std::uint32_t order = 0; // the position's index, to list examples in index order
};

// Positions that share one reason (a defect, a contradiction, a miss), with the first examples.
struct ReasonGroup {
    std::string reason;
    int count = 0;
    std::vector<AdviceExample> examples; // in position index order
};

struct AdviceReport {
    std::string advice;
    int positions = 0;                // legal White-to-move positions searched
    int satisfiable = 0;              // where the advice has a forcing tree
    int budget_exceeded = 0;          // where its search ran out of nodes
    int depth_exceeded = 0;           // where its search went past search::MAX_SEARCH_DEPTH
    std::vector<ReasonGroup> defects; // trees failing the independent check, by defect
    // Mating advice only (the better goal implies mate).
    bool mating = false;
    int mate_depth = -1; // White moves a tree can hold; -1: unbounded (no completeness)
    int sound = 0;       // trees that mate within their depth, the tablebase agreeing
    std::vector<ReasonGroup> unsound; // defect-free trees the tablebase contradicts
    int mate_within_depth = 0;        // positions the tablebase mates within mate_depth moves
    int found = 0;                    // ... where the advice is satisfiable
    std::vector<ReasonGroup> misses;  // ... where it is not, by reason
    // Positions whose search ran out of the budget on the threads, searched again alone
    // (budget_retries.hpp): budget_exceeded counts those that ran out again.
    RetryCounts retries;
    int threads = 0;
    double seconds = 0;

    [[nodiscard]] int defective() const;
    [[nodiscard]] int missed() const;
    // Returns whether every tree passed its checks (and, if mating, was sound).
    [[nodiscard]] bool passed() const;
};

// Verifies the piece of advice with index `advice` in the program; keeps up to `examples`
// examples per reason.
AdviceReport verify_advice(const search::Program& program, int advice,
                           const tablebase::KrkTablebase& tablebase, const VerifyOptions& options,
                           int examples);

// The same for a table of any material, over every legal position of its material with its side
// to move (the tablebase says where mates are). Its trees are re-checked with the tree checker's
// reference library (reference_library.hpp).
AdviceReport verify_endgame_advice(const endgame::CompiledTable& table, int advice,
                                   tablebase::Registry& registry, const VerifyOptions& options,
                                   int examples);

} // namespace al0::verify
