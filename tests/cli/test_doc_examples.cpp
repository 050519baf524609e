// The examples in README.md and docs/*.md run as tests, so that a changed answer fails here
// instead of misleading a reader. An example is an indented block (four spaces) whose first line
// is `$ ./tools/al0 ARGS`; the indented lines under it are what the command prints (stdout, then
// stderr), run from the repository's root. A line `...` stands for any number of lines, and a
// line ending in `...` for a line that begins with the rest (for timings).

#include "tests/support/cli_runner.hpp"
#include "tests/support/doc_examples.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

namespace al0::test {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> documents() {
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(fs::path(AL0_SOURCE_DIR) / "docs"))
        if (entry.path().extension() == ".md") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    files.insert(files.begin(), fs::path(AL0_SOURCE_DIR) / "README.md");
    return files;
}

} // namespace

TEST_CASE("an example's expected lines match its output only line for line, with ... as a gap",
          "[docs]") {
    const std::vector<std::string> out{"Rule: main", "Advice: shrink", "Search: 9 nodes, 24 us"};
    CHECK(output_matches({"Rule: main", "Advice: shrink", "Search: 9 nodes, ..."}, out));
    CHECK(output_matches({"Rule: main", "...", "Search: ..."}, out));
    CHECK(output_matches({"...", "Search: 9 nodes, 24 us"}, out));
    CHECK_FALSE(output_matches({"Rule: main", "Advice: squeeze", "Search: ..."}, out));
    CHECK_FALSE(output_matches({"Rule: main", "Advice: shrink"}, out));
    CHECK_FALSE(
        output_matches({"Rule: main", "Advice: shrink", "Search: 9 nodes, 24 us", "x"}, out));
}

TEST_CASE("a document's examples are the indented $ ./tools/al0 lines and the lines under them",
          "[docs]") {
    const auto examples = doc_examples("Text\n\n    $ ./tools/al0 queens 8\n    [1,5,8,6,3,7,2,4]\n"
                                       "    $ ./tools/al0 queens 4 --mode count\n    2\n\n    3\n\n"
                                       "Prose.\n    ./tools/al0 play     # not an example: no $\n");
    REQUIRE(examples.size() == 2);
    CHECK(examples[0].line == 3);
    CHECK(examples[0].args == "queens 8");
    CHECK(examples[0].expected == std::vector<std::string>{"[1,5,8,6,3,7,2,4]"});
    CHECK(examples[1].args == "queens 4 --mode count");
    CHECK(examples[1].expected == std::vector<std::string>{"2", "", "3"});
}

TEST_CASE("every example in README.md and docs/ prints what the document shows", "[docs][cli]") {
    std::size_t count = 0;
    for (const auto& file : documents()) {
        for (const auto& example : doc_examples(read_file(file))) {
            ++count;
            const CliResult r = run_al0_from(AL0_SOURCE_DIR, example.args);
            std::vector<std::string> shown = lines_of(r.out);
            for (auto& line : lines_of(r.err)) shown.push_back(line);
            INFO(file.filename().string()
                 << ":" << example.line << ": al0 " << example.args << "\n--- printed:\n"
                 << r.out << r.err);
            CHECK(output_matches(example.expected, shown));
        }
    }
    // The README shows nine; fewer found means an example lost its form and went untested.
    CHECK(count >= 9);
}

} // namespace al0::test
