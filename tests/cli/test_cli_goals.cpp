// Which commands compile a table's goals under --goals auto: those whose work repays the seconds
// a compile takes (verify), not those that answer at once (advise), which use the cache.

#include "tests/support/cli_runner.hpp"
#include "tests/support/files.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

namespace test_cli_goals {

using al0::test::run_al0;

#ifndef AL0_SANITIZED // a sanitizer build interprets goals
TEST_CASE("advise interprets goals the cache lacks and uses them once verify has compiled them",
          "[cli][goals]") {
    const al0::test::TempDir cache("al0_goals");
    const char* own = std::getenv("AL0_GOALS_CACHE");
    const std::string saved = own ? own : "";
    ::setenv("AL0_GOALS_CACHE", cache.path.c_str(), 1);
    const std::string advise = "-v advise '8/8/8/3k4/8/8/8/Q3K3 w - - 0 1' --table kqk";
    const auto before = run_al0(advise);
    const bool empty_after_advise = std::filesystem::is_empty(cache.path);
    const auto verify = run_al0("-v verify --table kqk --sample 1 --threads 1");
    const auto after = run_al0(advise);
    if (own)
        ::setenv("AL0_GOALS_CACHE", saved.c_str(), 1);
    else
        ::unsetenv("AL0_GOALS_CACHE");
    CHECK(before.status == 0);
    CHECK(before.err.find("the goals of kqk are interpreted: not compiled yet") !=
          std::string::npos);
    CHECK(empty_after_advise);
    CHECK(verify.status == 0);
    CHECK(verify.err.find("compiled the goals of kqk") != std::string::npos);
    CHECK(after.status == 0);
    CHECK(after.err.find("goals of kqk") == std::string::npos); // loaded from the cache, silently
    // The same answer, but for the search's timing line.
    const auto answer = [](const std::string& out) { return out.substr(0, out.find("Search:")); };
    CHECK(answer(after.out) == answer(before.out));
    CHECK(!answer(before.out).empty());
}
#endif

} // namespace test_cli_goals
