#pragma once
// Runs the built al0 binary (AL0_BINARY) the way a person's shell would, for tests of
// command-line behaviour: exit status, stdout and stderr, with optional text on stdin.

#include "tests/support/files.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <sys/wait.h>
#include <vector>

namespace al0::test {

struct CliResult {
    int status = -1; // the exit status; -1 when al0 did not exit normally (a crash)
    std::string out; // stdout
    std::string err; // stderr

    // Returns the last non-empty line of stdout, without its newline.
    [[nodiscard]] std::string last_line() const {
        std::size_t end = out.find_last_not_of('\n');
        if (end == std::string::npos) return "";
        std::size_t begin = out.rfind('\n', end);
        begin = begin == std::string::npos ? 0 : begin + 1;
        return out.substr(begin, end + 1 - begin);
    }
};

// Returns text quoted as one shell word: shell_quote("a b") is 'a b'.
inline std::string shell_quote(std::string_view text) {
    std::string q = "'";
    for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

namespace detail {
// Runs `al0 ARGS` (from WORKING_DIR when not empty) with a fresh temp directory for its files:
// stdin from STDIN_TEXT, stdout to a file, stderr to a file or, ON_TERMINAL, to a terminal that
// script(1) provides and records.
inline CliResult run_al0_in_temp(const std::string& args, const std::string& stdin_text,
                                 bool on_terminal, const std::string& working_dir = "") {
    namespace fs = std::filesystem;
    const TempDir temp("al0_cli");
    const fs::path& dir = temp.path;
    std::ofstream(dir / "in", std::ios::binary) << stdin_text;
    const std::string cd = working_dir.empty() ? "" : "cd " + shell_quote(working_dir) + " && ";
    const std::string al0 = cd + shell_quote(AL0_BINARY) + " " + args + " <" +
                            shell_quote((dir / "in").string()) + " >" +
                            shell_quote((dir / "out").string());
    const std::string err = shell_quote((dir / "err").string());
    const std::string command =
        on_terminal ? "script -qec " + shell_quote(al0) + " " + err + " </dev/null >/dev/null"
                    : al0 + " 2>" + err;
    const int raw = std::system(command.c_str());
    CliResult r;
    r.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = read_file(dir / "out");
    r.err = read_file(dir / "err");
    return r;
}
} // namespace detail

// Returns what `al0 ARGS` did. ARGS is shell text, so quote FENs (see shell_quote); stdin_text
// is fed to al0's standard input (empty input when not given).
inline CliResult run_al0(const std::string& args, const std::string& stdin_text = "") {
    return detail::run_al0_in_temp(args, stdin_text, false);
}

// Returns what `al0 ARGS` did when run from the directory DIR (stdin empty).
inline CliResult run_al0_from(const std::string& dir, const std::string& args) {
    return detail::run_al0_in_temp(args, "", false, dir);
}

// Returns what `al0 ARGS` did with stderr a terminal (what a person sees there, carriage
// returns included, is `err`); stdin is empty and stdout is captured as by run_al0.
inline CliResult run_al0_on_terminal(const std::string& args) {
    return detail::run_al0_in_temp(args, "", true);
}

// Returns what `al0 ARGS` did where ARGS redirects stdout itself (">/dev/full", ">&-",
// ">FILE"): its exit status and stderr (out stays empty). It runs under timeout(1), so a hang
// ends as a failure after SECONDS (status 124) instead of stopping the tests.
inline CliResult run_al0_redirected(const std::string& args, const std::string& stdin_text = "",
                                    int seconds = 60) {
    namespace fs = std::filesystem;
    const TempDir temp("al0_cli");
    const fs::path& dir = temp.path;
    std::ofstream(dir / "in", std::ios::binary) << stdin_text;
    const std::string command =
        "timeout " + std::to_string(seconds) + " " + shell_quote(AL0_BINARY) + " " + args + " <" +
        shell_quote((dir / "in").string()) + " 2>" + shell_quote((dir / "err").string());
    const int raw = std::system(command.c_str());
    CliResult r;
    r.status = raw != -1 && WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.err = read_file(dir / "err");
    return r;
}

// Whether TEXT contains PART.
inline bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}

// Returns the lines of TEXT, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

} // namespace al0::test
