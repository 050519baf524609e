#pragma once
// The one convention for counts and limits on the command line: a whole number within a range,
// read as 64 bits without wrapping, and one readable message otherwise, e.g.
// "--budget: must be a whole number from 1 to 18446744073709551615, not '0'". Thread counts
// take 0 for every core.

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <limits>
#include <string>

namespace al0::tools {

inline constexpr int MAX_THREADS = 256;

// Adds the option NAME (a flag such as "--budget", or a positional name) for a whole number
// from MIN to MAX into VALUE, whose value when the option is not given is shown as the default.
template <class T>
CLI::Option* add_count(CLI::App* app, const std::string& name, T& value, const std::string& help,
                       T min, T max = std::numeric_limits<T>::max()) {
    const std::string range =
        "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
    auto* option = app->add_option_function<std::string>(
        name,
        [&value, name, range, min, max](const std::string& text) {
            T n{};
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
            if (ec != std::errc{} || end != text.data() + text.size() || n < min || n > max)
                throw CLI::ValidationError(name, "must be " + range + ", not '" + text + "'");
            value = n;
        },
        help);
    return option->type_name("N")->default_str(std::to_string(value));
}

// Adds --threads: 0 (every core) to MAX_THREADS.
inline CLI::Option* add_threads(CLI::App* app, int& value, const std::string& help) {
    return add_count(app, "--threads", value, help + " (0: all cores)", 0, MAX_THREADS);
}

} // namespace al0::tools
