#include "tools/app/search_limit.hpp"

#include <string>

namespace al0::tools {

std::string search_limit_text(const search::Program& program, int advice, search::Outcome outcome,
                              std::uint64_t budget) {
    const std::string& name = program.advice[std::size_t(advice)].name;
    if (outcome == search::Outcome::depth_exceeded)
        return "search depth limit exceeded in advice " + name + " (a line deeper than " +
               std::to_string(search::MAX_SEARCH_DEPTH) +
               " plies; bound its moves, as in (depth < 5) and legal)";
    return "search budget exceeded in advice " + name + " (budget " + std::to_string(budget) +
           " nodes)";
}

} // namespace al0::tools
