#pragma once
// What the threads of a verification round find as they walk states' trees (endgame_verifier.cpp):
// the edges from each state to the states its lines reach, kept per thread until the round ends.

#include "engine/verify/shared/advice_tally.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace al0::verify {

// An edge found by a thread: its target is a slot of a table until the round ends.
struct FoundEdge {
    std::uint32_t from;
    std::uint32_t index;
    std::uint8_t table;
    std::uint8_t moves;
    std::uint16_t before;
    std::int16_t after;
};
// The targets of the current state's edges, hashed to their place in a thread's edge list.
// Why: a state's tree can end in hundreds of lines, and a linear search per line was
// quadratic in them.
class TargetIndex {
  public:
    // Starts a state whose edges begin at FIRST.
    void start(std::size_t first) {
        first_ = first;
        count_ = 0;
        if (++stamp_ == 0) { // wrapped: no slot may look used
            slots_.assign(slots_.size(), Slot{});
            stamp_ = 1;
        }
    }
    // Returns the edge of EDGES (from the state's first on) with e's target, or nullptr after
    // appending e.
    FoundEdge* find_or_add(std::vector<FoundEdge>& edges, const FoundEdge& e) {
        if (2 * (count_ + 1) > slots_.size()) grow(edges);
        const std::uint64_t k = key(e);
        for (std::size_t i = hash(k);; i = (i + 1) & (slots_.size() - 1)) {
            Slot& s = slots_[i];
            if (s.stamp != stamp_) {
                s = {k, std::uint32_t(edges.size()), stamp_};
                ++count_;
                edges.push_back(e);
                return nullptr;
            }
            if (s.key == k) return &edges[s.edge];
        }
    }

  private:
    struct Slot {
        std::uint64_t key = 0;
        std::uint32_t edge = 0;
        std::uint32_t stamp = 0; // the slot is used by the current state when equal to stamp_
    };
    // Edges to one target with and without a reset are kept apart.
    static std::uint64_t key(const FoundEdge& e) {
        return e.index | std::uint64_t(e.table) << 32 | std::uint64_t(e.after < 0) << 40;
    }
    [[nodiscard]] std::size_t hash(std::uint64_t k) const {
        return std::size_t((k * 0x9E3779B97F4A7C15ULL) >> 32) & (slots_.size() - 1);
    }
    // Doubles the table and re-enters the state's edges.
    void grow(const std::vector<FoundEdge>& edges) {
        slots_.assign(std::max<std::size_t>(64, 2 * slots_.size()), Slot{});
        stamp_ = 1;
        for (std::size_t j = first_; j < edges.size(); ++j) {
            std::size_t i = hash(key(edges[j]));
            while (slots_[i].stamp == stamp_) i = (i + 1) & (slots_.size() - 1);
            slots_[i] = {key(edges[j]), std::uint32_t(j), stamp_};
        }
    }

    std::vector<Slot> slots_;
    std::size_t first_ = 0, count_ = 0;
    std::uint32_t stamp_ = 1;
};

struct ThreadPart {
    std::vector<FoundEdge> edges;
    TargetIndex targets;
    std::uint64_t nodes = 0;
    std::vector<AdviceTally> advice; // per table
};
inline std::uint8_t narrow(int moves) { return std::uint8_t(std::min(moves, 255)); }
inline std::uint16_t narrow_count(int count) { return std::uint16_t(std::min(count, 0x7fff)); }

} // namespace al0::verify
