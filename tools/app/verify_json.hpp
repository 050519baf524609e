#pragma once
// What `al0 verify` shows of a whole-table verification, KRK (fast path) or any material alike:
// the summary, example lines per failure kind and the worst-case line; as JSON for `--json` and
// the lab.

#include "engine/verify/krk/table_verifier.hpp"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace al0::tools {

struct TableReport {
    std::string table, material;
    verify::TableSummary summary;
    // Per failure kind with positions: up to `examples` lines, in position index order.
    std::vector<std::pair<verify::Verdict, std::vector<verify::DefendingLine>>> examples;
    std::optional<verify::DefendingLine> worst_line; // when some position is won
    // Asked for (the lab): lines of the first won positions whose worst case is the table's.
    std::vector<verify::DefendingLine> worst_lines;
};

// Returns the report of a verification V (TableVerification or EndgameVerification), with up
// to WORST_LINES lines of positions whose worst case is the table's worst.
template <class V>
TableReport make_report(const std::string& table, const std::string& material, const V& v,
                        int examples, int worst_lines = 0) {
    TableReport r{table, material, v.summary(), {}, std::nullopt, {}};
    for (verify::Verdict k : verify::ALL_VERDICTS) {
        if (k == verify::Verdict::won || r.summary.counts[std::size_t(k)] == 0) continue;
        std::vector<verify::DefendingLine> lines;
        for (const auto& e : v.examples(k, examples)) lines.push_back(v.line(e));
        r.examples.emplace_back(k, std::move(lines));
    }
    if (r.summary.counts[std::size_t(verify::Verdict::won)] > 0)
        r.worst_line = v.line(v.worst_position());
    for (const auto& e : v.examples(verify::Verdict::won, worst_lines ? r.summary.positions : 0)) {
        if (int(r.worst_lines.size()) == worst_lines) break;
        if (v.worst(e) == r.summary.worst) r.worst_lines.push_back(v.line(e));
    }
    return r;
}

// Returns {fen, line (SAN), advice (per White move), moves (UCI), text} of a defending line.
nlohmann::json line_json(const verify::DefendingLine& line);

// Returns the counts, figures, histograms, advice use, example lines and the worst line.
nlohmann::json table_json(const TableReport& r);

} // namespace al0::tools
