#pragma once
// The advice tables of tables/*.al0, compiled into the binary at build time.

#include <optional>
#include <span>
#include <string_view>

namespace al0::tables {

// Returns the text of the built-in table named NAME (a file stem: "krk_bratko", "queens").
[[nodiscard]] std::optional<std::string_view> builtin(std::string_view name);

// Returns the names of all built-in tables, sorted.
[[nodiscard]] std::span<const std::string_view> builtin_names();

} // namespace al0::tables
