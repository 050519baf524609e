#pragma once
// What `al0 verify` shows of a whole-table verification, KRK (fast path) or any material alike:
// the summary, example lines per failure kind and the worst-case line; as JSON for `--json` and
// the lab.

#include "engine/search/goals_path.hpp"
#include "engine/verify/krk/table_verifier.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace al0::tools {

// How one table of a verification ran its goals (search::goals_path).
struct TableGoals {
    std::string table;
    search::GoalsPath path;
};

struct TableReport {
    std::string table, material;
    std::vector<TableGoals> goals; // the table verified first, then those that take over
    verify::TableSummary summary;
    // Per failure kind with positions: up to `examples` lines, in position index order.
    std::vector<std::pair<verify::Verdict, std::vector<verify::DefendingLine>>> examples;
    std::optional<verify::DefendingLine> worst_line; // when some position is won
    // Asked for (the lab): lines of the first won positions whose worst case is the table's.
    std::vector<verify::DefendingLine> worst_lines;
};

// Returns "compiled to machine code, N of M advice searches compiled whole" or "interpreted".
[[nodiscard]] std::string goals_text(const search::GoalsPath& path);
// Returns the goals of each table, "kpk: ...; kqk: ..." (the name left out for one table).
[[nodiscard]] std::string goals_text(const std::vector<TableGoals>& goals);
[[nodiscard]] nlohmann::json goals_json(const std::vector<TableGoals>& goals);

// Returns the report of a verification V (TableVerification or EndgameVerification), with up
// to WORST_LINES lines of positions whose worst case is the table's worst. LINES, when given,
// counts the lines re-walked (done, total): each walks the trees along it again, minutes for
// a slow draft.
template <class V>
TableReport make_report(const std::string& table, const std::string& material, const V& v,
                        int examples, int worst_lines = 0, const verify::Progress& lines = {}) {
    TableReport r{table, material, {}, v.summary(), {}, std::nullopt, {}};
    using Start = std::decay_t<decltype(v.worst_position())>; // KRK's state, or a Position
    // Which lines first (cheap), so that the total is known before the first is walked.
    std::vector<std::pair<verify::Verdict, std::vector<Start>>> failing;
    std::size_t total = 0, done = 0;
    for (verify::Verdict k : verify::ALL_VERDICTS) {
        if (k == verify::Verdict::won || r.summary.counts[std::size_t(k)] == 0) continue;
        failing.emplace_back(k, v.examples(k, examples));
        total += failing.back().second.size();
    }
    const bool won = r.summary.counts[std::size_t(verify::Verdict::won)] > 0;
    std::vector<Start> worst_starts;
    for (const auto& e : v.examples(verify::Verdict::won, worst_lines ? r.summary.positions : 0)) {
        if (int(worst_starts.size()) == worst_lines) break;
        if (v.worst(e) == r.summary.worst) worst_starts.push_back(e);
    }
    total += worst_starts.size() + (won ? 1 : 0);
    if (lines) lines(0, total);
    auto walk = [&](const Start& p) {
        verify::DefendingLine line = v.line(p);
        if (lines) lines(++done, total);
        return line;
    };
    for (const auto& [k, starts] : failing) {
        std::vector<verify::DefendingLine> walked;
        for (const Start& p : starts) walked.push_back(walk(p));
        r.examples.emplace_back(k, std::move(walked));
    }
    if (won) r.worst_line = walk(v.worst_position());
    for (const Start& p : worst_starts) r.worst_lines.push_back(walk(p));
    return r;
}

// Returns {retried, fitted, nodes}: the states searched again alone (verify::RetryCounts).
nlohmann::json retries_json(const verify::RetryCounts& r);

// Returns {fen, line (SAN), advice (per White move), moves (UCI), text} of a defending line.
nlohmann::json line_json(const verify::DefendingLine& line);

// Returns the counts, figures, histograms, advice use, example lines and the worst line.
nlohmann::json table_json(const TableReport& r);

} // namespace al0::tools
