#pragma once
// How large a goal, an expression or a move constraint is once every definition it uses is
// written out in its place, as the compiled table evaluates it: a measure used twice in a
// definition is evaluated twice, so definitions that each use the one before twice double the
// work at every node with each level, and forty such levels would take hours per position. The
// checker refuses more than max_written_size (docs/LANGUAGE.md §9).

#include "advice/ast.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace al0::advice {

// At most this many operations (nodes of goals, expressions and generators) per goal,
// expression or move constraint once written out. The shipped tables need at most a few
// hundred.
inline constexpr std::uint64_t max_written_size = 65'536;

class WrittenSize {
  public:
    // DEFINITIONS: every definition the table may use (its prelude's too), by name.
    explicit WrittenSize(std::map<std::string, const ast::Definition*, std::less<>> definitions)
        : definitions_(std::move(definitions)) {}

    // Each returns the written-out size, or max_written_size + 1 for anything larger.
    std::uint64_t of(const ast::Expr& e);
    std::uint64_t of(const ast::Goal& g);
    std::uint64_t of(const ast::Constraint& c) { return constraint(c).size; }
    // Of a definition's body.
    std::uint64_t of(const ast::Definition& d) { return definition(d.name).size; }

  private:
    // A constraint's size and its number of `then` alternatives (which `and` multiplies: the
    // compiled constraint pairs every alternative of one side with every one of the other).
    struct Shape {
        std::uint64_t size = 1, alternatives = 1;
    };
    Shape constraint(const ast::Constraint& c);
    // The shape of definition NAME's body; {1, 1} for a name that is no definition (the checker
    // reports those) or one met again while its own body is measured (a recursion, reported).
    Shape definition(const std::string& name);

    std::map<std::string, const ast::Definition*, std::less<>> definitions_;
    std::map<std::string, Shape, std::less<>> known_;
    std::vector<std::string> measuring_; // the definitions whose bodies are being measured
};

} // namespace al0::advice
