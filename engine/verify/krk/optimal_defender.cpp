#include "engine/verify/krk/optimal_defender.hpp"

#include "engine/chess/movegen.hpp"

namespace al0::verify {

Move optimal_defence(const tablebase::KrkTablebase& tablebase, const Position& pos) {
    constexpr int DRAWN = 1000; // beyond any distance to mate
    Move best = MOVE_NONE;
    int best_value = -1;
    for (Move m : generate_legal(pos)) {
        const int mate_in = tablebase.white_mate_in(pos.after(m));
        const int value = mate_in < 0 ? DRAWN : mate_in;
        if (value > best_value) {
            best_value = value;
            best = m;
        }
    }
    return best;
}

} // namespace al0::verify
