#include "engine/verify/advice/miss_reason.hpp"

#include "engine/search/core.hpp"
#include "engine/verify/shared/failing_goal.hpp"

#include <optional>

namespace al0::verify {

namespace {

class MissSearch {
  public:
    MissSearch(const search::Program& program, const search::CompiledAdvice& advice,
               const tablebase::KrkTablebase& tablebase, const krk::KrkState& root, int mate_depth)
        : program_(program), eval_(domain_, program), advice_(advice), tablebase_(tablebase),
          root_(root), mate_depth_(mate_depth) {}

    // Returns why the node fails, or nothing when it succeeds.
    std::optional<MissReason> explain(const krk::KrkState& s, int depth) {
        const std::string at = "depth " + std::to_string(depth) + ": ";
        if (!eval_.holds(advice_.holding_goal, s, root_))
            return fail(at + "the holding goal fails (" +
                        failing_conjuncts(eval_, program_, advice_.holding_goal, s, root_,
                                          krk::vocabulary) +
                        ")");
        if (eval_.holds(advice_.better_goal, s, root_)) return std::nullopt;
        krk::KrkDomain::Buffer moves;
        const bool us = domain_.us_to_move(s);
        eval_.generate(us ? advice_.us_moves : advice_.them_moves, s, depth, moves, &root_);
        if (!us) {
            if (moves.size() == 0)
                return fail(at + "the better goal fails and no reply is allowed");
            for (Move m : moves) {
                line_.push_back(m);
                if (auto why = explain(domain_.play(s, m), depth + 1)) return why;
                line_.pop_back();
            }
            return std::nullopt;
        }
        std::optional<MissReason> first;
        const int remaining = mate_depth_ - depth / 2; // White moves left, this one included
        for (Move m : moves) {
            const krk::KrkState next = domain_.play(s, m);
            const int mate_in = tablebase_.entry(BLACK, next.wk, next.bk, next.wr);
            if (mate_in < 0 || mate_in > remaining - 1) continue;
            line_.push_back(m);
            auto why = explain(next, depth + 1);
            line_.pop_back();
            if (!why) return std::nullopt;
            if (!first) first = why;
        }
        if (!first) return fail(at + "no allowed move mates in time");
        return first;
    }

  private:
    MissReason fail(std::string reason) const { return {std::move(reason), line_}; }

    const search::Program& program_;
    krk::KrkDomain domain_;
    search::Evaluator<krk::KrkDomain> eval_;
    const search::CompiledAdvice& advice_;
    const tablebase::KrkTablebase& tablebase_;
    krk::KrkState root_;
    int mate_depth_;
    std::vector<Move> line_;
};

} // namespace

MissReason explain_miss(const search::Program& program, const search::CompiledAdvice& advice,
                        const tablebase::KrkTablebase& tablebase, const krk::KrkState& root,
                        int mate_depth) {
    MissSearch search(program, advice, tablebase, root, mate_depth);
    if (auto why = search.explain(root, 0)) return *why;
    return {"unexplained: this check finds a mating tree that the advice search did not", {}};
}

int advice_mate_depth(const search::CompiledAdvice& advice) {
    constexpr int UNBOUNDED = 64; // plies; a depth test this deep does not bound a KRK mate
    int deepest = -1;
    for (int depth = 0; depth <= UNBOUNDED; depth += 2)
        for (const search::Conjunction& c : advice.us_moves.alternatives) {
            bool accepted = !c.generators.empty();
            for (const search::DepthTest& t : c.depth_tests)
                accepted = accepted && t.accepts(depth);
            if (accepted) deepest = depth;
        }
    if (deepest == UNBOUNDED) return -1;
    return deepest < 0 ? 0 : deepest / 2 + 1;
}

} // namespace al0::verify
