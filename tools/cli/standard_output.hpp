#pragma once
// Checked writes to standard output: a full disk (/dev/full), a closed stdout (started with
// >&-) or a failing device must end the command with an error, never pass for success. Commands
// write with std::cout or stdio as usual; main flushes and checks at the end, and commands
// whose output grows as they go (solutions, games, probes, UCI answers) check now and then.

#include <optional>
#include <stdexcept>
#include <string>

namespace al0::tools {

// A write to standard output failed: main ends with "al0: error: <what()>" and exit status 2.
struct OutputError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Gives a closed standard input, output or error a descriptor of its own (/dev/null), opened
// so that every write to a closed stdout fails: else the next file al0 opens would take its
// number and receive the output. Call first in main.
void guard_standard_streams();

// Whether a write to standard output has failed so far.
[[nodiscard]] bool standard_output_failed();

// Flushes standard output and returns the error message if a write to it failed, or nothing.
[[nodiscard]] std::optional<std::string> flush_standard_output();

// Throws OutputError if a write to standard output has failed so far.
void check_standard_output();

} // namespace al0::tools
