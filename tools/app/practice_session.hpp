#pragma once
// A practice game (`al0 play --practice`, the lab's Practice mode): the person plays the strong
// side of a position it wins, al0 the weak side with the tablebase's longest resistance; every
// move of the person is graded by the tablebase and the grade kept as the move's PGN comment.

#include "contract/expected.hpp"
#include "engine/play/adjudicator.hpp"
#include "engine/play/game.hpp"
#include "engine/tablebase/move_grade.hpp"

#include <string>
#include <vector>

namespace al0::tools {

struct GradedMove {
    Position before;
    Move move;
    std::string san;
    tablebase::MoveGrade grade;
};

class PracticeSession {
  public:
    // Returns the session from START, which its side to move must win by the tablebase; or
    // what START is: drawn, lost, or no endgame of up to four men.
    static Expected<PracticeSession> start(tablebase::Registry& registry, const Position& start);

    [[nodiscard]] const Position& start() const { return start_; }
    [[nodiscard]] const Position& position() const { return adjudicator_.position(); }
    [[nodiscard]] play::Ending ending() const { return adjudicator_.ending(); }
    [[nodiscard]] bool over() const { return adjudicator_.over(); }
    // The person's side: the side to move at the start.
    [[nodiscard]] Color person() const { return start_.side_to_move(); }
    [[nodiscard]] bool person_to_move() const {
        return !over() && position().side_to_move() == person();
    }
    [[nodiscard]] const std::vector<play::PlayedMove>& moves() const { return moves_; }
    [[nodiscard]] const std::vector<GradedMove>& graded() const { return graded_; }

    // Plays the person's move and returns its grade; an illegal move, or one out of turn, is
    // refused with the reason and changes nothing.
    Expected<GradedMove> person_move(Move m);
    // Plays al0's move, the tablebase's best for the defending side (tablebase::best_move);
    // returns it. The defending side must be to move.
    Move defender_move();

    // Returns the game as PGN, each of the person's moves with its grade as the comment.
    [[nodiscard]] std::string pgn(const std::string& date) const;

  private:
    PracticeSession(tablebase::Registry& registry, const Position& start)
        : registry_(&registry), start_(start), adjudicator_(start) {}
    void record(Move m, std::string comment);

    tablebase::Registry* registry_;
    Position start_;
    play::Adjudicator adjudicator_;
    std::vector<play::PlayedMove> moves_;
    std::vector<GradedMove> graded_;
};

// Returns "White" or "Black".
const char* practice_side_name(Color c);

// Returns what a position not won for its side to move is, for refusing it: "drawn
// (stalemate)", "lost: White is mated in 3", "not an endgame al0 knows: ...".
std::string not_won_text(tablebase::Registry& registry, const Position& pos);

} // namespace al0::tools
