#pragma once
// What the retrograde pass of `al0 reach` (reach.cpp) shares between the classes of roots it
// solves: the entries' codes, each material's positions with their legality and cached values,
// and the table, advice and goals every class reads.

#include "engine/endgame/think.hpp"
#include "engine/search/program.hpp"
#include "engine/tablebase/board.hpp"
#include "engine/verify/reach/reach.hpp"
#include "engine/verify/reach/reach_reads.hpp"
#include "engine/verify/reach/reach_space.hpp"
#include "engine/verify/shared/parallel.hpp"

#include "contract/chess_library.hpp"

#include <atomic>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace al0::verify::reach_detail {

namespace lib = contract::chess;
using search::GoalId;
using search::Instance;
using search::Program;
using tablebase::Board;
using tablebase::Material;
using namespace reach_reads;

// A position's entry: the plies its shortest forcing tree needs, or one of these.
inline constexpr std::uint8_t MAX_PLIES = 252, OPEN = 253, HOLD_FAILS = 254, ILLEGAL = 255;

inline bool forced(std::uint8_t v) { return v <= MAX_PLIES; }

inline Move move_of(const tablebase::BoardMove& m) {
    return Move(m.from, m.to,
                m.promotion == tablebase::K_KING ? NO_PIECE_TYPE : piece_type_of(m.promotion));
}

// One material's positions and what is known of them before any class is solved.
// SpaceData::legal: not legal, legal, legal with a capture or promotion among its moves.
inline constexpr std::uint8_t CONVERTS = 2;

struct SpaceData {
    ReachSpace space;
    std::vector<std::uint8_t> legal;
    std::vector<std::int16_t> values; // per slot, the cached value slots in order
};

// What every class shares.
struct Shared {
    Shared(const endgame::CompiledTable& t, const search::CompiledAdvice& a)
        : table(t), advice(a) {}

    const endgame::CompiledTable& table;
    const search::CompiledAdvice& advice;
    GoalId better = 0, holding = 0;
    bool constraints = false;
    const std::atomic<bool>* stop = nullptr;
    // Set when a thread's work has thrown: the others stop too, at their next check.
    std::atomic<bool> abandoned{false};
    int levels = 0; // depths 0 .. levels-1 solved one by one; at levels and below, the same
    std::vector<std::uint16_t> cached; // value slots cached per position
    std::vector<std::uint16_t> roots;  // root values the goals (and filters) read
    std::vector<SpaceData> spaces;     // the main material last
    std::vector<std::uint32_t> root_slots;
    std::vector<int> root_class;
    std::vector<std::uint32_t> class_root; // per class: its first root
    std::vector<std::int32_t> class_value; // per class: its root value, when there is one

    [[nodiscard]] int space_of(const Material& m) const {
        for (std::size_t s = 0; s < spaces.size(); ++s)
            if (spaces[s].space.material() == m) return int(s);
        throw std::logic_error("reach: no space for " + m.name());
    }
};

// The values cached for a slot of DATA, as the evaluator reads them.
inline search::NodeValues cached_values(const Shared& sh, const SpaceData& data, std::size_t slot) {
    search::NodeValues values;
    const std::size_t k = sh.cached.size();
    for (std::size_t j = 0; j < k; ++j) {
        const std::uint16_t id = sh.cached[j];
        values.values[id] = data.values[slot * k + j];
        values.known[id >> 6] |= std::uint64_t{1} << (id & 63);
    }
    return values;
}

// Throws Cancelled once the caller's stop flag is set, or another thread's work has thrown: the
// long loops ask between passes.
inline void check_stop(const Shared& sh) {
    if (sh.stop && sh.stop->load(std::memory_order_relaxed)) throw Cancelled();
    if (sh.abandoned.load(std::memory_order_relaxed)) throw Cancelled();
}

} // namespace al0::verify::reach_detail
