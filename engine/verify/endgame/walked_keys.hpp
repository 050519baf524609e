#pragma once
// A set of exact 128-bit keys that empties in constant time (each slot carries the stamp of the
// fill it belongs to), for the subtrees one walk has met (engine/verify/endgame/game_walk.hpp).
// A fill uses the first MIN_SLOTS slots and doubles them as it needs. Why: most walks meet few
// subtrees, and a few meet thousands.

#include <cstdint>
#include <vector>

namespace al0::verify {

class WalkedKeys {
  public:
    struct Key {
        std::uint64_t high = 0, low = 0;
        bool operator==(const Key&) const = default;
    };

    // Empties the set.
    void clear() {
        keys_.clear();
        mask_ = MIN_SLOTS - 1;
        if (slots_.empty()) slots_.resize(MIN_SLOTS);
        next_stamp();
    }
    // Adds K; returns false when it was there already.
    bool insert(const Key& k) {
        if (2 * (keys_.size() + 1) > mask_ + 1) grow();
        for (std::size_t i = hash(k);; i = (i + 1) & mask_) {
            Slot& s = slots_[i];
            if (s.stamp != stamp_) {
                s = {k, stamp_};
                keys_.push_back(k);
                return true;
            }
            if (s.key == k) return false;
        }
    }

  private:
    struct Slot {
        Key key;
        std::uint32_t stamp = 0; // the slot holds a key of this fill when equal to stamp_
    };
    static constexpr std::size_t MIN_SLOTS = 64;

    [[nodiscard]] std::size_t hash(const Key& k) const {
        return std::size_t(((k.high ^ k.low * 0xD6E8FEB86659FD93ULL) * 0x9E3779B97F4A7C15ULL) >>
                           32) &
               mask_;
    }
    void next_stamp() {
        if (++stamp_ == 0) { // wrapped: no slot may look used
            slots_.assign(slots_.size(), Slot{});
            stamp_ = 1;
        }
    }
    // Doubles the slots in use and enters the fill's keys again.
    void grow() {
        mask_ = 2 * mask_ + 1;
        if (slots_.size() <= mask_) slots_.resize(mask_ + 1);
        next_stamp();
        for (const Key& k : keys_) {
            std::size_t i = hash(k);
            while (slots_[i].stamp == stamp_) i = (i + 1) & mask_;
            slots_[i] = {k, stamp_};
        }
    }

    std::vector<Slot> slots_;
    std::vector<Key> keys_; // of this fill
    std::size_t mask_ = MIN_SLOTS - 1;
    std::uint32_t stamp_ = 0;
};

} // namespace al0::verify
