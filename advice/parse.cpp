// advice::parse: the clause loop around the grammar, turning expectation failures into
// diagnostics and resuming after the next full stop.

#include "advice/parse.hpp"

#include "advice/config.hpp"
#include "advice/directives.hpp"
#include "advice/error_handler.hpp"
#include "advice/grammar.hpp"

namespace al0::advice {
namespace {

namespace x3 = boost::spirit::x3;
using parser::iterator_type;

constexpr int max_errors = 20;

const std::string clause_expected =
    "a rule (name :: if condition then [advice, ...].) or a piece of advice "
    "(advice(name, better goal : holding goal : us moves : them moves).)";

// Moves IT past whitespace and comments.
void skip_blanks(iterator_type& it, iterator_type end) {
    auto context = x3::make_context<x3::skipper_tag>(parser::skipper());
    x3::skip_over(it, end, context);
}

// Returns the first position at or after IT that is not whitespace or a comment (IT itself if
// a comment there does not end).
iterator_type next_token(iterator_type it, iterator_type end) {
    try {
        skip_blanks(it, end);
    } catch (const x3::expectation_failure<iterator_type>&) {
    }
    return it;
}

// Returns the position just after the next full stop at or after IT that is not in a comment
// (the end if there is none): where the parser resumes after an error.
iterator_type next_clause(iterator_type it, iterator_type end) {
    while (it != end) {
        std::string_view rest(it, std::size_t(end - it));
        if (rest.starts_with("/*")) {
            std::size_t close = rest.find("*/", 2);
            if (close == std::string_view::npos) return end;
            it += close + 2;
        } else if (*it == '%') {
            std::size_t nl = rest.find('\n');
            if (nl == std::string_view::npos) return end;
            it += nl + 1;
        } else if (*it++ == '.') {
            return it;
        }
    }
    return end;
}

class ClauseParser {
  public:
    ClauseParser(std::string_view text, std::string_view filename)
        : handler_(text), file_(filename), it_(text.data()), end_(text.data() + text.size()) {}

    ParseResult run() {
        ast::Table table;
        while (errors_ < max_errors && parse_clause(table)) {
        }
        if (errors_ == max_errors) error(next_token(it_, end_), "too many errors; stopped here");
        if (errors_ == 0 && table.rules.empty() && table.advice.empty() &&
            table.definitions.empty() && table.materials.empty())
            error(it_, "the table is empty: expected " + clause_expected);
        ParseResult result;
        if (errors_ == 0) result.table = std::move(table);
        result.diagnostics = std::move(diagnostics_);
        return result;
    }

  private:
    // Returns false at the end of the text; parses or reports one clause otherwise.
    bool parse_clause(ast::Table& table) {
        try {
            skip_blanks(it_, end_);
            if (it_ == end_) return false;
            handler_.height = 0;
            auto clause = x3::with<parser::error_handler_tag>(handler_)[parser::clause()];
            if (!x3::phrase_parse(it_, end_, clause, parser::skipper(), table)) {
                error(it_, "expected " + clause_expected + ", found " + handler_.describe(it_));
                it_ = next_clause(it_, end_);
            }
        } catch (const x3::expectation_failure<iterator_type>& e) {
            // Why next_token: X3 reports the position before the skipper ran.
            iterator_type where = next_token(e.where(), end_);
            const std::string& which = e.which();
            bool whole_message = which == parser::nesting_limit_message ||
                                 which == parser::unterminated_comment_message;
            error(where, whole_message
                             ? which
                             : "expected " + which + ", found " + handler_.describe(where));
            it_ = next_clause(where, end_);
            handler_.nesting = 0;
            handler_.height = 0;
        }
        return true;
    }

    void error(iterator_type where, std::string message) {
        ast::Location loc = handler_.location(where);
        diagnostics_.push_back(
            {Diagnostic::Severity::error, file_, loc.line, loc.column, std::move(message)});
        ++errors_;
    }

    parser::ErrorHandler handler_;
    std::string file_;
    iterator_type it_;
    iterator_type end_;
    std::vector<Diagnostic> diagnostics_;
    int errors_ = 0;
};

} // namespace

ParseResult parse(std::string_view text, std::string_view filename) {
    return ClauseParser(text, filename).run();
}

} // namespace al0::advice
