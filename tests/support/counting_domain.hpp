#pragma once
// The endgame domain, counting the moves it plays: for tests of how often the evaluator plays a
// move (orders and filters play each move once).

#include "engine/endgame/domain.hpp"

namespace al0::test {

struct CountingDomain : endgame::Domain {
    using endgame::Domain::Domain;
    [[nodiscard]] State play(const State& s, Move m) const {
        ++plays;
        return endgame::Domain::play(s, m);
    }
    mutable int plays = 0;
};

} // namespace al0::test
