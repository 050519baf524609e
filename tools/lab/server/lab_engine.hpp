#pragma once
// The lab's one door into the engine: everything the page asks of al0 (check a table, advise,
// play, legal moves with the tablebase's verdicts, start positions, verify), as JSON in and out,
// for every material al0 has a table for. It calls the same library functions as the commands
// (check, advise, play, probe, match's start positions, verify), so an endgame the engine learns
// reaches the lab through them.

#include "engine/chess/position.hpp"
#include "engine/tablebase/registry.hpp"
#include "engine/verify/shared/parallel.hpp"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace al0::tools::lab {

using Json = nlohmann::json;

// A request the engine cannot answer: a bad FEN, a table with errors, an illegal move. The
// server answers it with HTTP 400 and the message.
struct BadRequest : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The tables al0 has built in: [{name, text}].
Json builtin_tables();
// The materials with a shipped table: ["KRK", "KQK", "KPK"].
Json shipped_materials_json();
// Each shipped material's table: {"KRK": "krk", "KQK": "kqk", ...}.
Json shipped_tables_json();

// Checks table text as `al0 check` does (the domain inferred): {domain, material, ok, rules,
// advice, diagnostics: [{severity, line, column, message, text}]}; material is the one the
// table declares (KRK for a table in the book's KRK vocabulary), null for another domain.
Json check_table(const std::string& text);

// The rule, every advice tried (with `explain`'s refutations) and the forcing tree of a
// position of the table's material with the table's side to move (either colour), as
// `al0 advise --explain`. Each tree node carries its FEN and which goals of the chosen advice
// hold there. Once *stop is true the search ends as if its budget were spent.
Json advise(const std::string& table, const std::string& fen,
            const std::atomic<bool>* stop = nullptr);

// Replays a game of the table from START as `al0 play` does: the engine plays the strong side
// (either colour), the person's MOVES (UCI) are played in turn, and the shipped table of a new
// material takes over when the game converts. The moves with rule, advice and table switches,
// the ending, the latest forcing tree with the line played in it, and the person's legal moves
// with verdicts. Once *stop is true the engine's search ends as if its budget were spent.
Json play(const std::string& table, const std::string& start, const std::vector<std::string>& moves,
          const std::atomic<bool>* stop = nullptr);

// The legal moves of a position of a shipped material, each with the tablebase's verdict after
// it (as `al0 probe`).
Json moves(const std::string& fen);

// A random position of MATERIAL (a shipped one) won for its strong side, to move, drawn as
// `al0 match` draws them from SEED; with the strong side BLACK when black_strong.
Json start_position(const std::string& material, std::uint64_t seed, bool black_strong);

// What `al0 reach --json` reports of the advice named ADVICE of the table: from which won
// positions where its rule fires its better goal can be forced, in how many plies, and lines
// where it cannot; with its own move constraints when CONSTRAINTS. Any material of at most four
// men (the tablebases are built on demand). Once *stop is true it soon throws BadRequest.
Json reach(const std::string& table, const std::string& advice, bool constraints,
           const std::atomic<bool>* stop = nullptr);

// Returns {uci, san, from, to} of a legal move of POS.
Json move_json(const Position& pos, Move m);

// Runs F with the tablebases the lab's requests share (built on demand, cached on disk), one
// request at a time.
void with_tablebases(const std::function<void(tablebase::Registry&)>& f);

// A table ready to verify; throws BadRequest when the text does not compile.
class VerifyInput {
  public:
    // SAMPLE: start from this many random won positions instead of all (not for KRK).
    VerifyInput(const std::string& table, std::uint32_t sample);
    ~VerifyInput();
    VerifyInput(VerifyInput&&) noexcept;
    // Verifies the whole table as `al0 verify --json` does, with progress; adds the worst lines
    // (longest resistance) and each example's moves in UCI. Once *stop is true it soon throws
    // verify::Cancelled.
    [[nodiscard]] Json run(const verify::Progress& progress,
                           const std::atomic<bool>* stop = nullptr) const;

  private:
    struct Compiled;
    std::unique_ptr<Compiled> compiled_;
};

} // namespace al0::tools::lab
