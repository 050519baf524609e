#include "tools/app/practice_exercises.hpp"

#include "tools/app/random_starts.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/app/table_verify.hpp"

#include <fstream>

namespace al0::tools {

namespace {

Expected<std::vector<Position>> worst_starts(const std::string& material, int count) {
    auto table = shipped_table(material);
    if (!table) return Error{table.error()};
    auto source = read_table("builtin:" + table->name);
    if (!source) return Error{source.error()};
    WholeTableVerification how;
    how.worst_lines = count;
    how.examples = 0;
    auto report = verify_whole_table(table->name, *source, "", std::move(*table), how);
    if (!report) return Error{report.error()};
    std::vector<Position> starts;
    for (const auto& line : report->worst_lines) starts.push_back(line.start);
    if (starts.empty() && report->worst_line) starts.push_back(report->worst_line->start);
    return starts;
}

// The most lines a set file may hold: a set is for a person to play through.
constexpr int max_set_lines = 10000;

Expected<std::vector<Position>> file_starts(const std::string& file) {
    std::ifstream in(file);
    if (!in) return Error{"cannot read the set file " + file};
    std::vector<Position> starts;
    int number = 0;
    for (std::string line; std::getline(in, line) && number < max_set_lines;) {
        ++number;
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        auto pos =
            Position::from_fen(line.substr(first, line.find_last_not_of(" \t\r") + 1 - first));
        if (!pos) return Error{file + ":" + std::to_string(number) + ": bad FEN: " + pos.error()};
        starts.push_back(*pos);
    }
    if (starts.empty()) return Error{"the set file " + file + " holds no FEN"};
    return starts;
}

} // namespace

Expected<std::vector<Position>> exercise_set(const std::string& set, const std::string& material,
                                             int count, std::uint64_t seed,
                                             tablebase::Registry& registry) {
    if (set == "worst") return worst_starts(material, count);
    if (set == "random") {
        std::mt19937_64 rng(seed);
        return random_starts(material, count, rng, registry);
    }
    return file_starts(set);
}

} // namespace al0::tools
