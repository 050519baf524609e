#include "tools/defenders.hpp"

#include "engine/movegen.hpp"
#include "engine/tablebase/krk_tablebase.hpp"

#include <random>

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

// The longest resistance by the tablebase: a draw (taking the rook, stalemate) when there is one,
// else the move that keeps mate farthest away.
class OptimalDefender final : public Defender {
  public:
    OptimalDefender() : tb_(tablebase::KrkTablebase::build()) {}
    Move choose(const Position& pos) override {
        auto probe = tb_.probe(pos);
        return probe.best.empty() ? generate_legal(pos)[0] : probe.best.front();
    }

  private:
    tablebase::KrkTablebase tb_;
};

} // namespace

std::string defender_names() { return "human, random, optimal"; }

Expected<std::unique_ptr<Defender>> make_defender(const std::string& name, std::uint64_t seed) {
    if (name == "human") return std::unique_ptr<Defender>();
    if (name == "random") return std::unique_ptr<Defender>(std::make_unique<RandomDefender>(seed));
    if (name == "optimal") return std::unique_ptr<Defender>(std::make_unique<OptimalDefender>());
    return Error{"unknown defender '" + name + "' (one of: " + defender_names() + ")"};
}

Expected<Move> parse_black_move(const Position& pos, const std::string& text) {
    if (text.size() == 2 && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1' && text[1] <= '8')
        return parse_uci(pos, square_name(pos.king(pos.side_to_move())) + text);
    if (text.size() == 4 && text[0] >= 'a' && text[0] <= 'h') return parse_uci(pos, text);
    return parse_san(pos, text);
}

} // namespace al0::tools
