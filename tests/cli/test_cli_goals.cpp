// Which commands compile a table's goals under --goals auto: those whose work repays the seconds
// a compile takes (verify), not those that answer at once (advise), which use the cache.

#include "tests/support/cli_runner.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scoped_env.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>

namespace test_cli_goals {

using al0::test::run_al0;

#ifndef AL0_SANITIZED // a sanitizer build interprets goals
TEST_CASE("advise interprets goals the cache lacks and uses them once verify has compiled them",
          "[cli][goals]") {
    const al0::test::TempDir cache("al0_goals");
    const al0::test::ScopedEnv env("AL0_GOALS_CACHE", cache.path.string());
    const std::string advise = "-v advise '8/8/8/3k4/8/8/8/Q3K3 w - - 0 1' --table kqk";
    const auto before = run_al0(advise);
    const bool empty_after_advise = std::filesystem::is_empty(cache.path);
    const auto verify = run_al0("-v verify --table kqk --sample 1 --threads 1");
    const auto after = run_al0(advise);
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

TEST_CASE("verify says which path its goals ran on: compiled with how many whole searches, or "
          "interpreted, also when they could not be compiled",
          "[cli][goals]") {
    const auto kqk = run_al0("verify --table kqk --sample 1 --threads 1 --json");
    REQUIRE(kqk.status == 0);
    const auto goals = nlohmann::json::parse(kqk.out)["goals"];
    REQUIRE(goals.size() == 1);
    CHECK(goals[0]["table"] == "kqk");
    CHECK(goals[0]["advice"] == 19);
#ifndef AL0_SANITIZED // a sanitizer build interprets goals
    CHECK(goals[0]["compiled"] == true);
    // Every advice but one whose moves at some depth are no one primitive generator (checks).
    CHECK(goals[0]["whole_searches"] == 18);
#else
    CHECK(goals[0]["compiled"] == false);
#endif
    // KPK's lines go on in the tables that take over after a promotion: each says its own.
    const auto kpk = run_al0("--goals interpreted verify --table kpk --sample 1 --threads 1");
    REQUIRE(kpk.status == 0);
    CHECK(kpk.out.find("Goals: kpk: interpreted; krk: interpreted; kqk: interpreted\n") !=
          std::string::npos);
    // A cache folder that cannot be made (below a file): --goals auto interprets them, and the
    // report says so, not only the warning.
    const al0::test::ScopedEnv env("AL0_GOALS_CACHE", "/dev/null/goals");
    const auto fallback = run_al0("verify --table kqk --sample 1 --threads 1");
    CHECK(fallback.status == 0);
    CHECK(fallback.out.find("Goals: interpreted\n") != std::string::npos);
#ifndef AL0_SANITIZED
    CHECK(fallback.err.find("interpreting them") != std::string::npos);
#endif
}

} // namespace test_cli_goals
