#include "engine/io/line_reader.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>

namespace al0::io {

bool LineReader::take_line(Line& line) {
    const char* from = buffer_ + begin_;
    const char* newline = static_cast<const char*>(std::memchr(from, '\n', end_ - begin_));
    const std::size_t n = std::size_t((newline ? newline : buffer_ + end_) - from);
    const std::size_t room = limit_ - std::min(limit_, partial_.text.size());
    partial_.text.append(from, std::min(n, room));
    partial_.length += n;
    begin_ += n + (newline ? 1 : 0);
    if (!newline) return false;
    if (!partial_.overlong() && !partial_.text.empty() && partial_.text.back() == '\r') {
        partial_.text.pop_back();
        --partial_.length;
    }
    line = std::move(partial_);
    partial_ = {};
    return true;
}

LineReader::Status LineReader::next(Line& line, int timeout_ms) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(std::max(timeout_ms, 0));
    for (;;) {
        if (take_line(line)) return Status::line;
        if (ended_) {
            if (partial_.length == 0) return Status::end;
            line = std::move(partial_);
            partial_ = {};
            return Status::line;
        }
        if (timeout_ms >= 0) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            pollfd fd{fd_, POLLIN, 0};
            const int ready = poll(&fd, 1, int(std::max<std::int64_t>(left.count(), 0)));
            if (ready < 0 && errno == EINTR) continue;
            if (ready < 0) return Status::error;
            if (ready == 0) return Status::timeout;
        }
        const ssize_t n = read(fd_, buffer_, sizeof buffer_);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return Status::error;
        begin_ = 0;
        end_ = std::size_t(n);
        ended_ = n == 0;
    }
}

} // namespace al0::io
