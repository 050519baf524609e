#pragma once
// What `al0 verify` shows of a whole-table verification, KRK (fast path) or any material alike:
// the summary, example lines per failure kind and the worst-case line; as JSON for `--json` and
// the lab.

#include "engine/verify/table_verifier.hpp"

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
};

// Returns the report of a verification V (TableVerification or EndgameVerification).
template <class V>
TableReport make_report(const std::string& table, const std::string& material, const V& v,
                        int examples) {
    TableReport r{table, material, v.summary(), {}, std::nullopt};
    for (verify::Verdict k : verify::ALL_VERDICTS) {
        if (k == verify::Verdict::won || r.summary.counts[std::size_t(k)] == 0) continue;
        std::vector<verify::DefendingLine> lines;
        for (const auto& e : v.examples(k, examples)) lines.push_back(v.line(e));
        r.examples.emplace_back(k, std::move(lines));
    }
    if (r.summary.counts[std::size_t(verify::Verdict::won)] > 0)
        r.worst_line = v.line(v.worst_position());
    return r;
}

// Returns the FEN of a state.
std::string fen_of(const krk::KrkState& s);

// Returns {fen, line (SAN), advice (per White move), moves (UCI), text} of a defending line.
nlohmann::json line_json(const verify::DefendingLine& line);

// Returns the counts, figures, histograms, advice use, example lines and the worst line.
nlohmann::json table_json(const TableReport& r);

// The same for a KRK verification with up to EXAMPLES example lines per failure kind.
inline nlohmann::json table_json(const std::string& table, const verify::TableVerification& v,
                                 int examples) {
    return table_json(make_report(table, "KRK", v, examples));
}

} // namespace al0::tools
