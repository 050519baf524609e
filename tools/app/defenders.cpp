#include "tools/app/defenders.hpp"

#include "engine/chess/movegen.hpp"
#include "engine/chess/notation.hpp"
#include "engine/tablebase/probe.hpp"
#include "tools/app/uci_client.hpp"

#include <random>
#include <stdexcept>

namespace al0::tools {

namespace {

class RandomDefender final : public Defender {
  public:
    explicit RandomDefender(std::uint64_t seed) : rng_(seed) {}
    Move choose(const Position& pos) override {
        MoveList moves = generate_legal(pos);
        return moves[int(std::uniform_int_distribution<int>(0, moves.size() - 1)(rng_))];
    }

  private:
    std::mt19937_64 rng_;
};

// The best defence by the tablebase of the material (built on demand, cached on disk): a
// drawing move when there is one, else the move that keeps mate farthest away. A position the
// tablebase cannot answer ends the game with an error: any other move would not be optimal.
class OptimalDefender final : public Defender {
  public:
    Move choose(const Position& pos) override {
        const Move m = tablebase::best_move(registry_, pos);
        if (m == MOVE_NONE)
            throw std::runtime_error("the optimal defender has no tablebase move in " + pos.fen());
        return m;
    }

  private:
    tablebase::Registry registry_;
};

// A UCI engine (uci:CMD) choosing its move in 100 ms; an engine that fails ends the game
// with an error, since a defender must always move.
class UciDefender final : public Defender {
  public:
    explicit UciDefender(std::unique_ptr<UciEngine> engine) : engine_(std::move(engine)) {}
    Move choose(const Position& pos) override {
        auto text = engine_->best_move(pos.fen(), {}, 100);
        if (!text)
            throw std::runtime_error("the defender " + engine_->name() +
                                     " failed: " + text.error());
        auto move = parse_uci(pos, *text);
        if (!move)
            throw std::runtime_error("the defender " + engine_->name() + " chose " + move.error());
        return *move;
    }

  private:
    std::unique_ptr<UciEngine> engine_;
};

} // namespace

std::string defender_names() { return "human, random, optimal, uci:CMD (a UCI engine)"; }

Expected<std::unique_ptr<Defender>> make_defender(const std::string& name, std::uint64_t seed,
                                                  const Position& start) {
    if (name == "human") return std::unique_ptr<Defender>();
    if (name == "random") return std::unique_ptr<Defender>(std::make_unique<RandomDefender>(seed));
    if (name == "optimal") {
        // Why at once: the tablebase answers no position of more men, and a game never gains men.
        if (start.piece_count() > tablebase::Board::MAX_MEN)
            return Error{"the optimal defender plays by the tablebase, which holds up to four men; "
                         "this position has " +
                         std::to_string(start.piece_count())};
        return std::unique_ptr<Defender>(std::make_unique<OptimalDefender>());
    }
    if (name.rfind("uci:", 0) == 0) {
        auto engine = UciEngine::start(name.substr(4));
        if (!engine) return Error{engine.error()};
        return std::unique_ptr<Defender>(std::make_unique<UciDefender>(std::move(engine.value())));
    }
    return Error{"unknown defender '" + name + "' (one of: " + defender_names() + ")"};
}

} // namespace al0::tools
