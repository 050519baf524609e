#include "tools/app/uci_client.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <thread>

namespace al0::tools {

namespace {

using Clock = std::chrono::steady_clock;

constexpr int READY_MS = 10'000;     // for readyok after ucinewgame
constexpr int MOVE_GRACE_MS = 5'000; // beyond movetime, before a bestmove counts as late
constexpr int QUIT_MS = 1'000;       // for the engine to exit after quit
constexpr int TERM_MS = 500;         // for its process group to exit after SIGTERM
// Longer lines from the engine are cut to this (a UCI engine's lines are short; an `info pv`
// of a long line is a few hundred bytes).
constexpr std::size_t MAX_ENGINE_LINE = 64 * 1024;

// Returns whether line is `word` or starts with `word` and a blank.
bool starts_with_word(const std::string& line, const std::string& word) {
    return line.compare(0, word.size(), word) == 0 &&
           (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t');
}

} // namespace

UciEngine::UciEngine(std::string command, pid_t pid, int to_engine, int from_engine)
    : command_(std::move(command)), name_(command_), pid_(pid), to_engine_(to_engine),
      from_engine_(from_engine), from_engine_lines_(from_engine, MAX_ENGINE_LINE) {}

Expected<std::unique_ptr<UciEngine>> UciEngine::start(const std::string& command,
                                                      int handshake_ms) {
    // Why: writing to an engine that has died must be an error to report, not a signal that
    // ends al0.
    signal(SIGPIPE, SIG_IGN);
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0) return Error{"cannot create a pipe to the engine"};
    if (pipe2(out, O_CLOEXEC) != 0) {
        close(in[0]), close(in[1]);
        return Error{"cannot create a pipe from the engine"};
    }
    const pid_t parent = getpid();
    const pid_t pid = fork();
    if (pid < 0) {
        for (int fd : {in[0], in[1], out[0], out[1]}) close(fd);
        return Error{"cannot start a process for the engine"};
    }
    if (pid == 0) {
        // Why a process group of its own: the shell may start the engine as a child, and the
        // engine may start processes of its own; killing the group ends them all. Why the
        // death signal: when al0 is killed itself, its engine does not run on.
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent) _exit(127); // al0 died before the death signal was asked for
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    setpgid(pid, pid); // as the child does: whichever runs first, the group exists after
    close(in[0]), close(out[1]);
    std::unique_ptr<UciEngine> engine(new UciEngine(command, pid, in[1], out[0]));
    auto ok = engine->send("uci") ? engine->wait_for("uciok", handshake_ms)
                                  : Expected<std::string>(Error{"it has exited"});
    if (!ok) return Error{"the engine '" + command + "' did not answer uci: " + ok.error()};
    if (auto why = engine->new_game()) return Error{"the engine '" + command + "': " + *why};
    return engine;
}

UciEngine::~UciEngine() {
    send("quit");
    close(to_engine_);
    close(from_engine_);
    // The engine has a moment to quit; then its whole process group is asked to end, and then
    // made to. Anything left in the group (a child it started) is killed in any case, before
    // the engine is reaped: until then its id, which names the group, cannot be reused.
    if (!exited_within(QUIT_MS)) {
        kill(-pid_, SIGTERM);
        exited_within(TERM_MS);
    }
    kill(-pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
}

bool UciEngine::exited_within(int timeout_ms) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
        siginfo_t info{};
        if (waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid != 0)
            return true; // exited (left unreaped), or not our child at all
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

std::optional<std::string> UciEngine::new_game() {
    if (!send("ucinewgame") || !send("isready")) return "it has exited";
    auto ready = wait_for("readyok", READY_MS);
    if (!ready) return "no readyok: " + ready.error();
    return std::nullopt;
}

Expected<std::string> UciEngine::best_move(const std::string& fen,
                                           const std::vector<std::string>& moves, int movetime_ms) {
    std::string position = "position fen " + fen;
    if (!moves.empty()) position += " moves";
    for (const std::string& m : moves) position += " " + m;
    if (!send(position) || !send("go movetime " + std::to_string(movetime_ms)))
        return Error{"it has exited"};
    auto line = wait_for("bestmove", movetime_ms + MOVE_GRACE_MS);
    if (!line) return Error{line.error()};
    const std::string& text = line.value();
    const std::size_t begin = text.find_first_not_of(" \t", 8);
    const std::string move = begin == std::string::npos
                                 ? ""
                                 : text.substr(begin, text.find_first_of(" \t", begin) - begin);
    if (move.empty() || move == "0000" || move == "(none)")
        return Error{"it has no move (\"" + text + "\")"};
    return move;
}

bool UciEngine::send(const std::string& line) {
    const std::string text = line + "\n";
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t n = write(to_engine_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += std::size_t(n);
    }
    return true;
}

Expected<std::string> UciEngine::wait_for(const std::string& word, int timeout_ms) {
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms);
    for (io::Line line;;) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        switch (from_engine_lines_.next(line, int(std::max<std::int64_t>(left.count(), 0)))) {
        case io::LineReader::Status::line:
            if (starts_with_word(line.text, word)) return std::move(line.text);
            if (line.text.rfind("id name ", 0) == 0) name_ = line.text.substr(8);
            break;
        case io::LineReader::Status::timeout:
            return Error{"no " + word + " within " + std::to_string(timeout_ms) + " ms"};
        case io::LineReader::Status::end:
        case io::LineReader::Status::error:
            return Error{"it exited before sending " + word};
        }
    }
}

} // namespace al0::tools
