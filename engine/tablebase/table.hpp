#pragma once
// One solved table: an entry per slot of its Layout, one byte each. An entry is the distance to
// mate in plies for the side to move: odd, it mates in (v + 1) / 2 moves; even, it is mated in
// v / 2 moves (0: checkmated); or DRAWN, or NO_POSITION (an illegal or unused slot). Pure DTM:
// the fifty-move rule is not part of it.

#include "engine/tablebase/layout.hpp"

#include <array>
#include <cstdint>
#include <vector>

namespace al0::tablebase {

inline constexpr std::uint8_t DRAWN = 254;
inline constexpr std::uint8_t NO_POSITION = 255;
inline constexpr std::uint8_t MAX_PLY = 252; // larger plies cannot be stored (never needed)

constexpr bool is_win(std::uint8_t v) { return v <= MAX_PLY && (v & 1); }
constexpr bool is_loss(std::uint8_t v) { return v <= MAX_PLY && !(v & 1); }
// Returns the winner's moves to mate for a won or lost entry.
constexpr int moves_to_mate(std::uint8_t v) { return (v + 1) / 2; }

// Returns the entry a position has given its children's (one per legal move): a win one ply after
// the shortest lost child, else a draw if a child draws (or there is no move and no check:
// stalemate), else a loss one ply after the longest won child (0: checkmate). The definition the
// solver's tables satisfy; probes use it one ply ahead.
std::uint8_t entry_from_children(const std::vector<std::uint8_t>& children, bool in_check);

// entry_from_children, one child at a time.
class ChildEntries {
  public:
    void add(std::uint8_t v);
    [[nodiscard]] bool empty() const { return !any_; }
    [[nodiscard]] std::uint8_t entry(bool in_check) const;

  private:
    int win_ = MAX_PLY + 1, loss_ = -1;
    bool draw_ = false, any_ = false;
};

// Whether entry a is better than entry b for the side to move: a shorter win, then a draw, then
// a longer loss.
constexpr bool better(std::uint8_t a, std::uint8_t b) {
    auto rank = [](std::uint8_t v) { return v == DRAWN ? 256 : is_win(v) ? 512 - v : int(v); };
    return rank(a) > rank(b);
}

// Counts over the legal positions, per side to move.
struct TableStats {
    std::array<std::uint64_t, COLOR_NB> positions{}, wins{}, draws{}, losses{};
    std::array<int, COLOR_NB> longest_win{}; // moves to mate of the longest win, 0 if none
    // by_ply[stm][v]: positions with that side to move and entry v.
    std::array<std::vector<std::uint64_t>, COLOR_NB> by_ply;
};

class Table {
  public:
    Table(const Material& m, std::vector<std::uint8_t> entries);

    [[nodiscard]] const Material& material() const { return layout_.material(); }
    [[nodiscard]] const Layout& layout() const { return layout_; }
    [[nodiscard]] const std::vector<std::uint8_t>& entries() const { return entries_; }
    // Returns the entry of a board of this material (White the strong side).
    [[nodiscard]] std::uint8_t value(const Board& b) const { return entries_[layout_.index(b)]; }
    [[nodiscard]] TableStats stats() const;

  private:
    Layout layout_;
    std::vector<std::uint8_t> entries_;
};

} // namespace al0::tablebase
