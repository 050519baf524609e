#pragma once
// The start positions `al0 verify --starts-where GOAL` keeps: GOAL is an expression of the
// table's language, compiled in the table's scope (its definitions and its prelude's), so that
// one phase of a table can be verified alone (every defence is still followed from there).

#include "contract/expected.hpp"
#include "engine/verify/shared/table_summary.hpp"
#include "tools/app/table_source.hpp"

#include <string>

namespace al0::tools {

// Returns whether GOAL holds at a start position of the table SOURCE (with PRELUDE), the
// position being its own root; or why GOAL does not compile there.
[[nodiscard]] Expected<verify::StartFilter>
start_filter(const TableSource& source, const std::string& prelude, const std::string& goal);

} // namespace al0::tools
