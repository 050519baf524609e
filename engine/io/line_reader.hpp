#pragma once
// Reading text a line at a time with a bound on memory: a line longer than the limit is never
// held whole; its first `limit` bytes are kept and the rest only counted, so whatever arrives
// (a 200 MB line, an engine that floods its output) costs at most the limit and one buffer.

#include <cstddef>
#include <string>

namespace al0::io {

struct Line {
    std::string text;       // without the newline (and a '\r' before it); at most the limit
    std::size_t length = 0; // the line's full length in bytes
    [[nodiscard]] bool overlong() const { return length > text.size(); }
};

class LineReader {
  public:
    enum class Status { line, end, timeout, error };

    // Reads from FD (not owned), keeping at most LIMIT bytes of a line.
    LineReader(int fd, std::size_t limit) : fd_(fd), limit_(limit) {}

    // Reads the next line into LINE. Waits at most TIMEOUT_MS milliseconds (-1: for ever) for
    // input; returns timeout when none came in time (a partial line is kept for the next call),
    // end at the end of input (after a last line without a newline) and error on a read error.
    Status next(Line& line, int timeout_ms = -1);

  private:
    bool take_line(Line& line); // moves a complete line from the buffer, if one is there

    int fd_;
    std::size_t limit_;
    Line partial_;
    char buffer_[4096];
    std::size_t begin_ = 0, end_ = 0;
    bool ended_ = false;
};

} // namespace al0::io
