// A benchmark, not a test (hidden; run it with: al0_tests "[bench][advice]"): how long parsing
// and checking a 1 MB table of valid clauses takes. It prints the times and asserts only that
// the table was read, never a time.

#include "advice/check.hpp"
#include "advice/parse.hpp"
#include "engine/krk/vocabulary.hpp"
#include "tables/builtin.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <iostream>
#include <regex>

namespace test_advice_bench {

TEST_CASE("Benchmark: parse and check a 1 MB table", "[.][bench][advice]") {
    // The book's table with its rule and advice names numbered, repeated to 1 MB.
    const std::regex names("\\b(edge_rule|else_rule|mate_in_2|squeeze|approach|keeproom|"
                           "divide_in_2|divide_in_3)\\b");
    const std::string clauses(*al0::tables::builtin("krk_bratko"));
    std::string text;
    std::size_t copies = 0;
    while (text.size() < 1'000'000) {
        std::string suffix(1, '_');
        suffix += std::to_string(copies++);
        text += std::regex_replace(clauses, names, "$1" + suffix);
    }
    using clock = std::chrono::steady_clock;
    auto t0 = clock::now();
    al0::advice::ParseResult parsed = al0::advice::parse(text, "bench.al0");
    auto t1 = clock::now();
    REQUIRE(parsed.table);
    auto diagnostics = al0::advice::check(*parsed.table, al0::krk::vocabulary, "bench.al0");
    auto t2 = clock::now();
    auto ms = [](auto d) { return std::chrono::duration<double, std::milli>(d).count(); };
    std::cout << "1 MB table: " << text.size() << " bytes, " << parsed.table->rules.size()
              << " rules, " << parsed.table->advice.size() << " pieces of advice; parse "
              << ms(t1 - t0) << " ms (" << text.size() / 1e6 / ((t1 - t0).count() / 1e9)
              << " MB/s), check " << ms(t2 - t1) << " ms, " << diagnostics.size()
              << " diagnostics\n";
    CHECK(parsed.table->advice.size() == 6 * copies);
}

} // namespace test_advice_bench
