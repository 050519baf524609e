#pragma once
// How large and how deep a goal, an expression or a move constraint is once every definition it
// uses is written out in its place, as the compiled table evaluates it: a measure used twice in
// a definition is evaluated twice, so definitions that each use the one before twice double the
// work at every node with each level, and forty such levels would take hours per position; a
// chain of definitions that each use the one before nests as deep as the chain is long, and
// every walk over the compiled table (compiling it, evaluating it) recurses that deep. The
// checker refuses more than max_written_size operations or max_written_depth levels
// (docs/LANGUAGE.md §9).

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
// At most this many levels deep per goal, expression or move constraint once written out (each
// node below its parent, a definition's body in place of its use). The shipped tables need at
// most a few dozen.
inline constexpr int max_written_depth = 256;

// A written-out size (saturated at max_written_size + 1) and depth (saturated at
// max_written_depth + 1).
struct Written {
    std::uint64_t size = 1;
    int depth = 1;
};

class WrittenSize {
  public:
    // DEFINITIONS: every definition the table may use (its prelude's first), in file order. A
    // definition is measured with those before it; a use of a later one (the checker reports
    // it) counts as one operation.
    explicit WrittenSize(const std::vector<const ast::Definition*>& definitions);

    Written of(const ast::Expr& e);
    Written of(const ast::Goal& g);
    Written of(const ast::Constraint& c) { return constraint(c).written; }
    // Of a definition's body (the first definition of its name).
    Written of(const ast::Definition& d);

  private:
    // A constraint's size and depth, and its number of `then` alternatives (which `and`
    // multiplies: the compiled constraint pairs every alternative of one side with every one of
    // the other).
    struct Shape {
        Written written;
        std::uint64_t alternatives = 1;
    };
    Shape constraint(const ast::Constraint& c);
    // The shape of definition NAME's body, if it is measured already.
    const Shape* definition(const std::string& name) const;

    std::map<std::string, Shape, std::less<>> known_;
};

} // namespace al0::advice
