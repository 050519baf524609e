#pragma once
// A whole table verified as `al0 verify` verifies it, for the command and the lab: KRK on its
// native fast path (engine/krk on a 4-byte state, about ten times faster than the generic
// verifier on the same figures; tests/engine/verify/test_verify_endgame.cpp shows they agree), any
// other material by the endgame verifier, the shipped tables of the other materials taking over
// after a capture or promotion.

#include "contract/expected.hpp"
#include "engine/endgame/think.hpp"
#include "engine/tablebase/registry.hpp"
#include "engine/verify/shared/table_summary.hpp"
#include "tools/app/table_source.hpp"
#include "tools/app/verify_json.hpp"

#include <string>

namespace al0::tools {

struct WholeTableVerification {
    verify::VerifyOptions options; // options.sample must be 0 for KRK
    tablebase::CachePolicy cache;  // the tablebases of other materials than KRK
    int examples = 3;              // example lines per failure kind
    int worst_lines = 0;           // lines of positions with the table's worst case
    verify::Progress lines;        // the report's lines re-walked (make_report)
};

// Verifies TABLE (SOURCE with PRELUDE compiled by load_table) from every won position of its
// material; the report is named NAME.
Expected<TableReport> verify_whole_table(const std::string& name, const TableSource& source,
                                         const std::string& prelude, endgame::CompiledTable table,
                                         const WholeTableVerification& how);

} // namespace al0::tools
