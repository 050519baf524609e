#include "tools/lab/server/lab_engine.hpp"

#include "engine/chess/material.hpp"
#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/krk/vocabulary.hpp"
#include "engine/play/game.hpp"
#include "engine/tablebase/probe.hpp"
#include "engine/verify/reach/reach.hpp"
#include "tables/builtin.hpp"
#include "tools/app/play_tables.hpp"
#include "tools/app/random_starts.hpp"
#include "tools/app/reach_json.hpp"
#include "tools/app/search_limit.hpp"
#include "tools/app/table_registry.hpp"
#include "tools/app/table_verify.hpp"
#include "tools/lab/server/lab_tree.hpp"

#include <algorithm>
#include <mutex>

namespace al0::tools::lab {
namespace {

// Example lines per failure kind, and worst lines, in a verification reply.
constexpr int verify_examples = 5;

// The tablebases of the requests (several at once: the server has a few threads), built on
// demand and cached on disk as `al0 probe` does.
struct SharedRegistry {
    std::mutex mutex;
    tablebase::Registry registry;
};
SharedRegistry& tablebases() {
    static SharedRegistry shared;
    return shared;
}

// The name of the page's table in messages and diagnostics ("table editor has errors:",
// "editor:2:1: error: ..."): the page sends the text in its editor, not a file.
constexpr const char* table_name = "editor";

TableSource source_of(const std::string& text) { return {table_name, text}; }

endgame::CompiledTable compile(const std::string& text) {
    auto table = load_table(source_of(text));
    if (!table) throw BadRequest(table.error());
    return std::move(*table);
}

Position read_position(const std::string& fen) {
    auto pos = Position::from_fen(fen);
    if (!pos) throw BadRequest("bad FEN: " + pos.error());
    return *pos;
}

const char* colour_name(Color c) { return c == WHITE ? "white" : "black"; }

// Refuses a material without a shipped table: the lab builds no other tablebase.
void require_shipped(const std::string& material) {
    const auto shipped = shipped_materials();
    if (std::find(shipped.begin(), shipped.end(), material) == shipped.end())
        throw BadRequest("al0 has no table for " + material + "; it has tables for " +
                         shipped_material_list());
}

// Returns the verdict after MOVE for the side that plays it: {result: win|draw|loss, mate_in}.
// The probe speaks for the side to move after it: a loss there is the mover's win.
Json verdict_after(tablebase::Registry& registry, const Position& pos, Move move) {
    const tablebase::Probe p = tablebase::probe(registry, pos.after(move));
    const char* result = p.outcome == tablebase::Outcome::loss  ? "win"
                         : p.outcome == tablebase::Outcome::win ? "loss"
                                                                : "draw";
    return {{"result", result}, {"mate_in", p.mate_in >= 0 ? Json(p.mate_in) : Json(nullptr)}};
}

Json legal_moves(const Position& pos) {
    auto& shared = tablebases();
    std::lock_guard lock(shared.mutex);
    Json list = Json::array();
    for (Move m : generate_legal(pos)) {
        Json move = move_json(pos, m);
        move["verdict"] = verdict_after(shared.registry, pos, m);
        list.push_back(std::move(move));
    }
    return list;
}

} // namespace

Json move_json(const Position& pos, Move m) {
    const std::string uci = to_uci(m);
    return {{"uci", uci},
            {"san", to_san(pos, m)},
            {"from", uci.substr(0, 2)},
            {"to", uci.substr(2, 2)}};
}

void with_tablebases(const std::function<void(tablebase::Registry&)>& f) {
    auto& shared = tablebases();
    std::lock_guard lock(shared.mutex);
    f(shared.registry);
}

Json builtin_tables() {
    Json list = Json::array();
    for (std::string_view name : tables::builtin_names())
        list.push_back({{"name", name}, {"text", *tables::builtin(name)}});
    return list;
}

Json shipped_materials_json() { return shipped_materials(); }

Json shipped_tables_json() {
    Json tables = Json::object();
    for (const std::string& m : shipped_materials()) tables[m] = shipped_table_name(m);
    return tables;
}

Json check_table(const std::string& text) {
    const search::LoadedTable checked = check_in_domain(source_of(text), "");
    Json diagnostics = Json::array();
    for (const advice::Diagnostic& d : checked.diagnostics)
        diagnostics.push_back(
            {{"severity", d.severity == advice::Diagnostic::Severity::error ? "error" : "warning"},
             {"line", d.line},
             {"column", d.column},
             {"message", d.message},
             {"text", advice::format_diagnostic(d, text)}});
    const bool ok = checked.table && !advice::has_errors(checked.diagnostics);
    Json material = nullptr;
    if (checked.table && !checked.table->materials.empty())
        material = checked.table->materials.front().name;
    else if (checked.vocabulary == &krk::vocabulary)
        material = "KRK"; // the book's vocabulary (load_table gives it lib/krk_book)
    return {{"domain", checked.vocabulary->domain},
            {"material", material},
            {"ok", ok},
            {"rules", ok ? Json(checked.table->rules.size()) : Json(nullptr)},
            {"advice", ok ? Json(checked.table->advice.size()) : Json(nullptr)},
            {"diagnostics", diagnostics}};
}

Json advise(const std::string& text, const std::string& fen, const std::atomic<bool>* stop) {
    const endgame::CompiledTable table = compile(text);
    const Position pos = read_position(fen);
    if (auto oriented = oriented_to_move(table, pos); !oriented) throw BadRequest(oriented.error());
    const search::Program& program = table.program;
    const search::Options options{search::Options{}.node_budget, true, stop};
    const auto r = *endgame::think(table, pos, options); // oriented: it is the table's material
    const bool found = r.outcome == search::Outcome::found;
    Json j = {
        {"fen", pos.fen()},
        {"material", table.roles.material},
        {"rule", r.rule >= 0 ? Json(program.rules[std::size_t(r.rule)].name) : Json(nullptr)},
        {"advice", found ? Json(program.advice[std::size_t(r.advice)].name) : Json(nullptr)},
        {"attempts", attempts_json(table, r, pos)},
        {"nodes", r.stats.nodes},
        {"budget_exceeded", r.outcome == search::Outcome::budget_exceeded},
        {"failure", is_search_limit(r.outcome)
                        ? Json(search_limit_text(program, r.advice, r.outcome, options.node_budget))
                    : found ? Json(nullptr)
                            : Json("no advice applies")},
        {"move", nullptr},
        {"san", nullptr},
        {"tree", nullptr}};
    if (found) {
        const Move m = r.tree.children(0)[0].move;
        j["move"] = to_uci(m);
        j["san"] = to_san(pos, m);
        j["tree"] = tree_json(table, r.tree, pos);
    }
    return j;
}

Json play(const std::string& text, const std::string& start, const std::vector<std::string>& moves,
          const std::atomic<bool>* stop) {
    const PlayTables tables = tables_with(compile(text));
    auto first = read_start(tables, start);
    if (!first) throw BadRequest(first.error());
    auto started =
        play::Game::start(tables.source, *first, {search::Options{}.node_budget, false, stop});
    if (!started) throw BadRequest(started.error());
    play::Game& game = started.value();
    const Color engine = game.engine_side();
    Json history = Json::array();
    Position tree_root = game.position();
    std::size_t tree_from = 0; // the history index where the latest tree was built
    std::size_t next = 0;
    std::string failure; // why the engine has no move, when it has none
    while (!game.over()) {
        if (game.engine_to_move()) {
            const Position before = game.position();
            auto em = game.engine_move();
            if (!em) {
                failure = em.error();
                break;
            }
            if (em->rebuilt) {
                tree_root = before;
                tree_from = history.size();
            }
            const search::Program& program = game.program();
            history.push_back(
                {{"uci", to_uci(em->move)},
                 {"san", em->san},
                 {"side", colour_name(engine)},
                 {"rule", program.rules[std::size_t(em->rule)].name},
                 {"advice", program.advice[std::size_t(em->advice)].name},
                 {"rebuilt", em->rebuilt},
                 {"switched", em->switched.empty() ? Json(nullptr) : Json(em->switched)}});
            continue;
        }
        if (next == moves.size()) break;
        const std::string& uci = moves[next++];
        auto move = parse_uci(game.position(), uci);
        const std::string san = move ? to_san(game.position(), *move) : "";
        std::optional<std::string> refused = move ? game.opponent_move(*move) : move.error();
        if (refused)
            throw BadRequest("your move " + std::to_string(next) + " (" + uci +
                             ") is refused: " + *refused);
        history.push_back({{"uci", uci}, {"san", san}, {"side", colour_name(~engine)}});
    }
    if (next < moves.size())
        throw BadRequest("the game is over after your move " + std::to_string(next) + "; " +
                         std::to_string(moves.size() - next) + " more moves were sent");
    Json played = Json::array();
    for (std::size_t i = tree_from; i < history.size(); ++i) played.push_back(history[i]["uci"]);
    const Position& pos = game.position();
    const bool waiting = !game.over() && failure.empty();
    return {{"start", game.start().fen()},
            {"fen", pos.fen()},
            {"engine_side", colour_name(engine)},
            {"table", game.table().name},
            {"material", game.table().roles.material},
            {"history", history},
            {"over", !waiting},
            {"ending", game.over() ? Json(play::ending_name(game.ending())) : Json(nullptr)},
            {"result", play::ending_result(game.ending(), game.position())},
            {"failure", failure.empty() ? Json(nullptr) : Json(failure)},
            {"attempts", attempts_json(game.table(), game.last_search(), tree_root)},
            {"tree", tree_json(game.table(), game.tree(), tree_root)},
            {"played", played},
            {"legal", waiting ? legal_moves(pos) : Json::array()}};
}

Json reach(const std::string& text, const std::string& advice, bool constraints,
           const std::atomic<bool>* stop) {
    const endgame::CompiledTable table = compile(text);
    verify::ReachOptions options;
    options.advice = table.program.advice_index(advice);
    if (options.advice < 0) throw BadRequest("the table has no advice named '" + advice + "'");
    options.constraints = constraints;
    options.examples = verify_examples;
    options.stop = stop;
    // Its own registry: a reach runs for seconds, and the shared one serves one request at a
    // time. The tablebases come from the same disk cache.
    tablebase::Registry registry;
    auto result = verify::reach(table, registry, options);
    if (!result) throw BadRequest(result.error());
    return reach_json(table_name, result->report);
}

Json moves(const std::string& fen) {
    const Position pos = read_position(fen);
    require_shipped(material_signature(pos));
    tablebase::Probe p;
    {
        auto& shared = tablebases();
        std::lock_guard lock(shared.mutex);
        p = tablebase::probe(shared.registry, pos);
    }
    if (p.outcome == tablebase::Outcome::illegal) throw BadRequest("illegal position: " + p.reason);
    return {{"fen", pos.fen()},
            {"side", colour_name(pos.side_to_move())},
            {"material", material_signature(pos)},
            {"mate_in", p.mate_in >= 0 ? Json(p.mate_in) : Json(nullptr)},
            {"legal", legal_moves(pos)}};
}

Json start_position(const std::string& material, std::uint64_t seed, bool black_strong) {
    require_shipped(material);
    std::mt19937_64 rng(seed);
    auto& shared = tablebases();
    std::lock_guard lock(shared.mutex);
    auto starts = random_starts(material, 1, rng, shared.registry);
    if (!starts) throw BadRequest(starts.error());
    const Position& pos = starts->front();
    return {{"material", material}, {"fen", (black_strong ? endgame::flip(pos) : pos).fen()}};
}

struct VerifyInput::Compiled {
    std::string text;
    endgame::CompiledTable table;
    std::uint32_t sample;
};

VerifyInput::VerifyInput(const std::string& table, std::uint32_t sample)
    : compiled_(std::make_unique<Compiled>(Compiled{table, compile(table), sample})) {
    if (sample > 0 && compiled_->table.roles.material == "KRK")
        throw BadRequest(
            "a sample is for other materials: KRK is verified whole in about a second");
}
VerifyInput::~VerifyInput() = default;
VerifyInput::VerifyInput(VerifyInput&&) noexcept = default;

Json VerifyInput::run(const verify::Progress& progress, const std::atomic<bool>* stop) const {
    WholeTableVerification how;
    how.options.progress = progress;
    how.options.search.stop = stop;
    how.options.sample = compiled_->sample;
    how.examples = how.worst_lines = verify_examples;
    auto report =
        verify_whole_table(table_name, source_of(compiled_->text), "", compiled_->table, how);
    if (!report) throw BadRequest(report.error());
    return table_json(*report);
}

} // namespace al0::tools::lab
