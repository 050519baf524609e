// The table front end on any text: the pipeline (parse, check, compile), print round trip.

#include "advice/diagnostic.hpp"
#include "advice/parse.hpp"
#include "advice/print.hpp"
#include "engine/chess/position.hpp"
#include "engine/compile/load.hpp"
#include "engine/krk/krk_domain.hpp"
#include "engine/krk/krk_state.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/search/core.hpp"
#include "engine/search/enumerate.hpp"
#include "fuzz/properties/properties.hpp"

#include <string>

namespace al0::fuzz {
namespace {

constexpr std::string_view FILE_NAME = "fuzz.al0";

// Why small: every input searches from each position; a table deeper than
// search::MAX_SEARCH_DEPTH still reaches the bound within this budget.
constexpr std::uint64_t TABLE_NODE_BUDGET = 5'000;
constexpr const char* POSITIONS[] = {
    "8/8/4R3/8/3K4/8/2k5/8 w - - 0 1", // the book's example
    "7R/8/8/8/8/2K5/8/3k4 w - - 0 1",  // mate in 2
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",   // mate in 1
    "8/8/8/8/3k4/8/8/R3K3 w - - 0 1",  // a king in the centre
};

// Why: a table that crashes or hangs the search is a finding, and a tree must be a plan: one
// move at an us node, every reply (no move dropped) at a them node.
void search_positions(const search::Program& program) {
    const krk::KrkDomain domain;
    for (const char* fen : POSITIONS) {
        const krk::KrkState root = *krk::to_state(*Position::from_fen(fen));
        const search::Options options{TABLE_NODE_BUDGET, true};
        const auto r = search::build_tree(domain, program, root, options);
        if (r.outcome == search::Outcome::found) {
            for (std::uint32_t i = 0; i < r.tree.nodes.size(); ++i) {
                const search::TreeNode& n = r.tree.node(i);
                if (n.kind == search::NodeKind::us && n.edge_count != 1)
                    throw PropertyViolation("an us node of a tree has other than one move");
            }
        }
        search::count_all(domain, program, root, {TABLE_NODE_BUDGET, false});
    }
}

// Why: a diagnostic must point into the file and render without crashing on any bytes.
void require_located(const std::vector<advice::Diagnostic>& diagnostics, std::string_view text) {
    for (const advice::Diagnostic& d : diagnostics) {
        if (d.line < 1 || d.column < 1 || d.message.empty())
            throw PropertyViolation("diagnostic without a place or a message: " + d.message);
        if (advice::format_diagnostic(d, text).empty())
            throw PropertyViolation("diagnostic renders as nothing: " + d.message);
    }
}

} // namespace

void check_table_text(std::string_view text) {
    const search::LoadedTable loaded =
        search::load({std::string(FILE_NAME), std::string(text)}, krk::vocabulary);
    require_located(loaded.diagnostics, text);
    if (!loaded.table) {
        if (!advice::has_errors(loaded.diagnostics))
            throw PropertyViolation("the parse failed without an error diagnostic");
        return;
    }

    const std::string printed = advice::print(*loaded.table);
    advice::ParseResult reparsed = advice::parse(printed, FILE_NAME);
    if (!reparsed.table || !(*reparsed.table == *loaded.table))
        throw PropertyViolation("the printed table does not parse back to itself:\n" + printed);
    if (advice::print(*reparsed.table) != printed)
        throw PropertyViolation("printing is not stable:\n" + printed);

    if (advice::has_errors(loaded.diagnostics)) return;
    if (!loaded.program) throw PropertyViolation("a table the checker accepts does not compile");
    // A table that declares a material is compiled for the chess library, which the KRK domain
    // does not run.
    if (loaded.vocabulary == &krk::vocabulary) search_positions(*loaded.program);
}

} // namespace al0::fuzz
