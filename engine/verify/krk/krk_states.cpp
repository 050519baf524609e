#include "engine/verify/krk/krk_states.hpp"

#include "engine/krk/krk_domain.hpp"

namespace al0::verify {

bool is_legal_white_state(const krk::KrkState& s) {
    if (s.wk == s.wr || s.wk == s.bk || s.wr == s.bk) return false;
    return s.stm == WHITE && !krk::in_check(s);
}

std::vector<std::int32_t> legal_white_states() {
    std::vector<std::int32_t> states;
    states.reserve(LEGAL_WHITE_STATES);
    for (int i = 0; i < STATE_INDICES; ++i)
        if (is_legal_white_state(state_at(i))) states.push_back(i);
    return states;
}

} // namespace al0::verify
