#pragma once
// The lines an explained search records (AdviceSearch given refutations: `advise --explain`, the
// lab): for each root move, the line down to the first node that failed under it. Apart from the
// search, which asks for them behind one test per node: explaining is rare.

#include "engine/search/search_result.hpp"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace al0::search {

template <class Move>
class RefutationLines {
  public:
    explicit RefutationLines(std::vector<Refutation<Move>>* out) : out_(out) {}

    // Whether the search explains (the lines have somewhere to go).
    explicit operator bool() const { return out_ != nullptr; }
    void clear() { out_->clear(); }

    // Notes move M at DEPTH on the current line; a root move opens its refutation.
    [[gnu::cold, gnu::noinline]] void enter(int depth, Move m) {
        if (depth == 0) {
            out_->push_back({m, {}, false});
            recorded_ = false;
        }
        if (depth >= MAX_LINE) return;
        if (line_.size() <= std::size_t(depth)) line_.resize(std::size_t(depth) + 1);
        line_[std::size_t(depth)] = m;
    }

    // Records the line to a node failing at DEPTH as the refutation of its root move, the first
    // time.
    [[gnu::cold, gnu::noinline]] void refute(int depth, bool holding_failed) {
        if (depth > 0 && !out_->empty() && !recorded_) {
            recorded_ = true;
            auto& r = out_->back();
            r.line.assign(line_.begin(), line_.begin() + std::min(depth, MAX_LINE));
            r.holding_failed = holding_failed;
        }
    }

  private:
    static constexpr int MAX_LINE = 64;

    std::vector<Refutation<Move>>* out_;
    std::vector<Move> line_; // the line to the node (an array cost a zeroing)
    bool recorded_ = false;
};

} // namespace al0::search
