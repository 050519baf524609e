#include "engine/codegen/endgame_fixed_search.hpp"

#include "engine/codegen/goal_source.hpp"
#include "engine/endgame/domain.hpp"

#include <cstddef>
#include <set>
#include <vector>

namespace al0::codegen {

namespace {

// The instance generator G stands for, as the text of a search::Instance: its own, or its id
// without arguments (as Evaluator::primitive asks the domain).
std::string instance_text(const search::GeneratorNode& g) {
    if (!g.uses_instance) return "{Kind::generator, " + std::to_string(g.id) + ", {}}";
    std::string out = "{Kind::generator, " + std::to_string(g.instance.primitive) + ", {";
    for (std::size_t i = 0; i < g.instance.args.size(); ++i)
        out += (i ? ", " : "") + std::to_string(g.instance.args[i]);
    return out + "}}";
}

// The rules the searches play by, with a case of `generate` for each generator of USED (indices
// into PROGRAM's generators).
std::string rules_text(const search::Program& program, const std::set<std::size_t>& used,
                       const endgame::Roles& roles) {
    std::string out =
        "\n// The endgame moves as the searches compiled for an advice ask them "
        "(search::FixedSearch).\nstruct Rules {\n    using State = al0::endgame::State;\n"
        "    using Move = al0::Move;\n    static constexpr int MAX_MOVES = " +
        std::to_string(endgame::Domain::traits.max_moves) +
        ";\n    using Buffer = al0::search::MoveBuffer<al0::Move, MAX_MOVES>;\n"
        "    static constexpr bool CODED = true; // the memos, as endgame::Domain keeps them\n"
        "    static State play(const State& s, Move m) { return al0::endgame::play_move(ROLES, s, "
        "m); }\n    static std::uint64_t code(const State& s) {\n"
        "        return al0::endgame::state_code(s, ROLES.count, " +
        std::to_string(endgame::pawn_roles(roles)) +
        ");\n    }\n    template <bool Us>\n"
        "    [[gnu::always_inline]] static void generate(std::uint8_t generator, const State& s, "
        "Buffer& out) {\n        switch (generator) {\n";
    for (const std::size_t g : used)
        out +=
            "        case " + std::to_string(g) +
            ":\n            return library::generate(StateBoard(ROLES, s), al0::search::Instance" +
            instance_text(program.generators[g]) + ", out);\n";
    return out + "        default:\n            return;\n        }\n    }\n};\n";
}

} // namespace

std::string endgame_fixed_searches(const search::Program& program, const endgame::Roles& roles) {
    std::string searches;
    std::set<std::size_t> used;
    std::vector<bool> compiled(program.advice.size());
    for (std::size_t a = 0; a < program.advice.size(); ++a) {
        const auto generators = fixed_generators(program, program.advice[a], true);
        if (!generators) continue;
        compiled[a] = true;
        const std::string index = std::to_string(a);
        searches += "\n// " + comment_text(program.advice[a].name) + "\nbool search_" + index +
                    "(al0::search::FixedSearchCall<State, al0::Move>& call) {\n"
                    "    return al0::search::FixedSearch<Rules, advice_" +
                    index;
        for (const int g : *generators) {
            if (g >= 0) used.insert(std::size_t(g));
            searches += ", " + std::to_string(g);
        }
        searches += ">(call).run();\n}\n";
    }
    std::string out = "\nnamespace {\n" + rules_text(program, used, roles) + searches +
                      "\n} // namespace\n\nextern \"C\" [[gnu::visibility(\"default\")]] const "
                      "al0::search::FixedSearchFn<al0::endgame::State, al0::Move> " +
                      ADVICE_SEARCH_SYMBOL + "[] = {";
    for (std::size_t a = 0; a < program.advice.size(); ++a)
        out += (a ? ", " : "") + (compiled[a] ? "search_" + std::to_string(a) : "nullptr");
    return out + "};\n";
}

} // namespace al0::codegen
