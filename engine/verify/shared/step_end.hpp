#pragma once
// How one line of a state's forcing tree ends when verification walks it: a mate, a failure, or
// a new state (the tree ended, Black left it, or the material changed).

#include "engine/verify/shared/verdict.hpp"

#include <cstdint>

namespace al0::verify {

enum class StepEnd : std::uint8_t {
    mate,
    stalemate,
    win_lost,
    no_advice,
    no_table, // the material changed to one the table set has no table for
    budget_exceeded,
    depth_exceeded,
    new_state
};

// Returns the failure a line ends in (the verdict `won` for mate and a new state).
constexpr Verdict failure_of(StepEnd end) {
    switch (end) {
    case StepEnd::stalemate:
        return Verdict::stalemate;
    case StepEnd::win_lost:
        return Verdict::win_lost;
    case StepEnd::no_advice:
    case StepEnd::no_table:
        return Verdict::no_advice;
    case StepEnd::budget_exceeded:
        return Verdict::budget_exceeded;
    case StepEnd::depth_exceeded:
        return Verdict::depth_exceeded;
    case StepEnd::mate:
    case StepEnd::new_state:
        break;
    }
    return Verdict::won;
}

// Whether a line's end is the failure v.
constexpr bool ends_in(StepEnd end, Verdict v) {
    return end != StepEnd::mate && end != StepEnd::new_state && failure_of(end) == v;
}

} // namespace al0::verify
