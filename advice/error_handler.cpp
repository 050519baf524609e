// Locations and descriptions of the text the grammar stopped at.

#include "advice/error_handler.hpp"

#include "advice/utf8.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <utility>

namespace al0::advice::parser {
namespace {

constexpr std::size_t max_shown = 40; // longer tokens are shown cut, with "..."

bool is_name_char(unsigned char c) { return std::isalnum(c) || c == '_'; }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool is_symbol_char(unsigned char c) {
    return std::string_view("+-*/\\^<>=~:.?@#&$|!;").find(char(c)) != std::string_view::npos;
}

// Returns the text of the token of characters accepted by IS_PART that starts at WHERE.
template <class Pred>
std::string_view token(const char* where, const char* end, Pred is_part) {
    const char* e = where;
    while (e != end && is_part(static_cast<unsigned char>(*e))) ++e;
    return {where, std::size_t(e - where)};
}

std::string quoted(std::string_view s) {
    std::string out(1, '\'');
    out.append(s.substr(0, max_shown));
    out.append(s.size() > max_shown ? "...'" : "'");
    return out;
}

// Returns what AL0 writes for an operator of another language, or "" if nothing fits.
std::string_view al0_spelling(std::string_view op) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 11> spellings = {
        {{"&&", "and"},
         {"&", "and"},
         {"||", "or"},
         {"|", "or"},
         {";", "or"},
         {"!", "not"},
         {"\\+", "not"},
         {"~", "not"},
         {"==", "="},
         {"<=", "=<"},
         {"->", "then"}}};
    for (auto [foreign, ours] : spellings)
        if (op == foreign) return ours;
    return "";
}

std::string describe_symbol(std::string_view op) {
    for (std::string_view known : {":", "::", ".", "=", "<", "=<", ">", ">="})
        if (op == known) return quoted(op);
    std::string_view ours = al0_spelling(op);
    if (ours.empty()) return quoted(op) + " (not an AL0 operator)";
    return quoted(op) + " (not an AL0 operator; AL0 writes '" + std::string(ours) + "')";
}

std::string byte_text(unsigned char c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", c);
    return buf;
}

} // namespace

ErrorHandler::ErrorHandler(std::string_view text) : text_(text) {
    line_starts_.push_back(0);
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\n') line_starts_.push_back(i + 1);
}

ast::Location ErrorHandler::location(iterator_type where) const {
    auto offset = std::size_t(where - text_.data());
    auto next = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    auto line = int(next - line_starts_.begin());
    return {line, int(offset - *(next - 1)) + 1};
}

std::string ErrorHandler::describe(iterator_type where) const {
    const char* end = text_.data() + text_.size();
    if (where == end) return "the end of the file";
    auto c = static_cast<unsigned char>(*where);
    if (std::islower(c)) return quoted(token(where, end, is_name_char));
    if (std::isupper(c) || c == '_')
        return quoted(token(where, end, is_name_char)) +
               " (a name starts with a lower-case letter)";
    if (is_digit(c)) return "the number " + quoted(token(where, end, is_digit));
    if (c == '-' && where + 1 != end && is_digit(static_cast<unsigned char>(where[1])))
        return "the negative number " + quoted({where, 1 + token(where + 1, end, is_digit).size()});
    if (is_symbol_char(c)) return describe_symbol(token(where, end, is_symbol_char));
    if (c >= 0x80) {
        std::size_t n = utf8_length(where, end);
        if (n == 0) return "the byte " + byte_text(c) + ", which is not UTF-8 text";
        return quoted({where, n}) + " (names use ASCII letters, digits and '_')";
    }
    if (c < 0x20 || c == 0x7f) return "the control character " + byte_text(c);
    return quoted({where, 1});
}

} // namespace al0::advice::parser
