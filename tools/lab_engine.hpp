#pragma once
// The lab's one door into the engine: everything the page asks of al0 (check a table, advise,
// play, legal moves with the tablebase's verdicts, verify), as JSON in and out. It calls the
// same library functions as the commands (check, advise, play, probe, verify), so an endgame
// the engine learns reaches the lab through this file alone.

#include "engine/verify/parallel.hpp"

#include <nlohmann/json.hpp>

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

// Checks table text as `al0 check` does (the domain inferred): {domain, ok, rules, advice,
// diagnostics: [{severity, line, column, message, text}]}.
Json check_table(const std::string& text);

// The rule, every advice tried (with `explain`'s refutations) and the forcing tree of a KRK
// position with White to move, as `al0 advise --explain`. Each tree node carries its FEN and
// which goals of the chosen advice hold there.
Json advise(const std::string& table, const std::string& fen);

// Replays a game of the table (White) from START, Black playing BLACK_MOVES (UCI) in turn, the
// engine answering each as `al0 play` does: the moves with rule and advice, the ending, the
// latest forcing tree with the line played in it, and Black's legal moves with verdicts.
Json play(const std::string& table, const std::string& start,
          const std::vector<std::string>& black_moves);

// The legal moves of a position, each with the tablebase's verdict after it (as `al0 probe`).
Json moves(const std::string& fen);

// A compiled table ready to verify; throws BadRequest when the text does not compile.
class VerifyInput {
  public:
    explicit VerifyInput(const std::string& table);
    ~VerifyInput();
    VerifyInput(VerifyInput&&) noexcept;
    // Verifies the whole table from every position (as `al0 verify --json`), with progress;
    // adds the worst lines (longest resistance) and each example's moves in UCI.
    [[nodiscard]] Json run(const verify::Progress& progress) const;

  private:
    struct Compiled;
    std::unique_ptr<Compiled> compiled_;
};

} // namespace al0::tools::lab
