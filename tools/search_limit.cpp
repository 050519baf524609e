#include "tools/search_limit.hpp"

#include "tools/command.hpp"

#include <string>

namespace al0::tools {

int search_limit_failure(const search::Program& program, int advice, search::Outcome outcome,
                         std::uint64_t budget) {
    const std::string& name = program.advice[std::size_t(advice)].name;
    if (outcome == search::Outcome::depth_exceeded)
        return fail("search depth limit exceeded in advice " + name + " (a line deeper than " +
                        std::to_string(search::MAX_SEARCH_DEPTH) +
                        " plies; bound its moves, as in (depth < 5) and legal)",
                    EXIT_CHECK_FAILED);
    return fail("search budget exceeded in advice " + name + " (budget " + std::to_string(budget) +
                    " nodes)",
                EXIT_CHECK_FAILED);
}

} // namespace al0::tools
