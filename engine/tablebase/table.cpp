#include "engine/tablebase/table.hpp"

#include <algorithm>

namespace al0::tablebase {

std::uint8_t entry_from_children(const std::vector<std::uint8_t>& children, bool in_check) {
    ChildEntries c;
    for (std::uint8_t v : children) c.add(v);
    return c.entry(in_check);
}

void ChildEntries::add(std::uint8_t v) {
    any_ = true;
    if (v == DRAWN)
        draw_ = true;
    else if (is_loss(v))
        win_ = std::min(win_, v + 1);
    else
        loss_ = std::max(loss_, v + 1);
}

std::uint8_t ChildEntries::entry(bool in_check) const {
    if (!any_) return in_check ? 0 : DRAWN;
    if (win_ <= MAX_PLY) return std::uint8_t(win_);
    return draw_ ? DRAWN : std::uint8_t(loss_);
}

Table::Table(const Material& m, std::vector<std::uint8_t> entries)
    : layout_(m), entries_(std::move(entries)) {}

TableStats Table::stats() const {
    TableStats s;
    const std::uint32_t half = layout_.size() / 2;
    for (int stm = 0; stm < COLOR_NB; ++stm) {
        std::vector<std::uint64_t>& hist = s.by_ply[stm];
        hist.assign(MAX_PLY + 1, 0);
        for (std::uint32_t i = stm * half; i < (stm + 1) * half; ++i) {
            const std::uint8_t v = entries_[i];
            if (v == NO_POSITION) continue;
            ++s.positions[stm];
            if (v == DRAWN) {
                ++s.draws[stm];
                continue;
            }
            ++hist[v];
            ++(is_win(v) ? s.wins : s.losses)[stm];
            if (is_win(v)) s.longest_win[stm] = std::max(s.longest_win[stm], moves_to_mate(v));
        }
        while (!hist.empty() && hist.back() == 0) hist.pop_back();
    }
    return s;
}

} // namespace al0::tablebase
