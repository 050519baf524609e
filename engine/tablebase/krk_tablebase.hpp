#pragma once
// The KRK distance-to-mate tablebase in the shape the KRK verifier and play use: one signed byte
// per (side to move, white king, black king, rook), every square combination, filled from the
// general KRK table (registry.hpp). Distances count White's moves to mate under best play; king
// against king (after the rook is taken) is a draw. The fifty-move rule is ignored.

#include "engine/chess/position.hpp"
#include "engine/tablebase/krk_index.hpp"
#include "engine/tablebase/probe.hpp"

#include <array>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace al0::tablebase {

// Counts of the built table, over legal positions only.
struct KrkStats {
    // by_mate_in[stm][n]: positions with that side to move where White mates in n moves.
    std::array<std::vector<int>, COLOR_NB> by_mate_in;
    std::array<int, COLOR_NB> legal{};
    std::array<int, COLOR_NB> draws{};
    int stalemates = 0;    // Black to move, not in check, no legal move
    int rook_captures = 0; // Black to move and able to take the undefended rook
    [[nodiscard]] int longest_mate(Color stm) const { return int(by_mate_in[stm].size()) - 1; }
};

class KrkTablebase {
  public:
    // Returns the solved table (the general KRK table, built in memory, copied out).
    static KrkTablebase build();

    // Returns the outcome, distance and best moves of any position; a position that is not legal
    // or not K+R v K (or K v K) is illegal, with the reason.
    [[nodiscard]] Probe probe(const Position& pos) const;
    // Returns White's moves to mate in a legal KRK position (either side to move), or -1 when
    // White cannot force mate (a draw, K v K, or not a KRK position). No validation: the fast path.
    [[nodiscard]] int white_mate_in(const Position& pos) const;
    // Returns the raw entry: White's moves to mate, DRAW or ILLEGAL.
    [[nodiscard]] int entry(Color stm, Square wk, Square bk, Square rook) const {
        return values_[krk_index(stm, wk, bk, rook)];
    }
    [[nodiscard]] const KrkStats& stats() const { return stats_; }

    // Writes the binary dump: the line "al0 krk dtm v1\n", then ENTRIES signed bytes in
    // krk_index order (see krk_index.hpp for the layout and the values).
    void write(std::ostream& out) const;

  private:
    KrkTablebase() = default;
    // Returns the entry of a legal position, DRAW for K v K.
    [[nodiscard]] int value_of(const Position& pos) const;
    void count_stats();
    void count_draw(int black_to_move_offset);

    std::vector<std::int8_t> values_;
    KrkStats stats_;
};

} // namespace al0::tablebase
