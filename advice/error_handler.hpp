#pragma once
// What the grammar knows about the text while it parses: where an iterator is (line, column),
// how deep expressions nest, and what to call the text found where something else was
// expected.

#include "advice/ast.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace al0::advice::parser {

using iterator_type = const char*;

class ErrorHandler {
  public:
    explicit ErrorHandler(std::string_view text);

    // Returns the 1-based line and byte column of WHERE (a pointer into the text).
    [[nodiscard]] ast::Location location(iterator_type where) const;

    // Returns how a message names the text at WHERE: "'then'", "the number '3'", "the end of
    // the file", "'&&' (not an AL0 operator; write 'and')", ...
    [[nodiscard]] std::string describe(iterator_type where) const;

    // Current expression nesting depth, kept by the nesting guard.
    int nesting = 0;
    // The height of the syntax tree the innermost open level has parsed so far (directives.hpp).
    int height = 0;

  private:
    std::string_view text_;
    std::vector<std::size_t> line_starts_;
};

struct error_handler_tag;

} // namespace al0::advice::parser
