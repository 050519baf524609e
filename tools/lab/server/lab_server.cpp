#include "tools/lab/server/lab_server.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <sys/socket.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

namespace al0::tools::lab {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

// Threads reading and writing requests and answering the light ones.
constexpr int server_threads = 4;
// How long writing a reply may take.
constexpr int write_timeout_seconds = 30;

// Threads running the heavy requests: a few, so the machine stays usable.
unsigned worker_count() { return std::clamp(std::thread::hardware_concurrency(), 2U, 4U); }

Reply error_json(int status, const std::string& message) {
    return {status, "application/json", nlohmann::json{{"error", message}}.dump()};
}

class Listener;

// What every session uses.
struct Context {
    Routes& routes;
    WorkPool& pool;
    double time_limit; // seconds
};

// One connection: reads requests one after another (keep-alive) and answers each through
// Routes, a heavy one from the worker pool while it watches for the client going away.
class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(tcp::socket&& socket, std::shared_ptr<Listener> listener, const Context& context);
    ~Session();

    void start() {
        net::dispatch(stream_.get_executor(),
                      beast::bind_front_handler(&Session::read, shared_from_this()));
    }
    // Closes the connection if it is still waiting for a request: a new one needs the room.
    void evict() {
        net::post(stream_.get_executor(), [self = shared_from_this()] {
            if (self->idle_) self->stream_.close();
        });
    }
    [[nodiscard]] bool idle() const { return idle_; }
    [[nodiscard]] Clock::time_point idle_since() const { return idle_since_.load(); }

  private:
    // Waits for the first bytes of the next request: the connection is idle until they come.
    void read() {
        parser_.emplace();
        parser_->header_limit(max_header_bytes);
        parser_->body_limit(max_body_bytes);
        if (buffer_.size() > 0) return read_header();
        idle_since_ = Clock::now();
        idle_ = true;
        stream_.expires_after(std::chrono::seconds(idle_timeout_seconds));
        stream_.async_read_some(
            buffer_.prepare(4096),
            beast::bind_front_handler(&Session::on_first_bytes, shared_from_this()));
    }

    void on_first_bytes(beast::error_code ec, std::size_t n) {
        idle_ = false;
        if (ec) return close();
        buffer_.commit(n);
        read_header();
    }

    // Why a header deadline of its own: a client sending its header slowly holds a connection
    // only that long.
    void read_header() {
        stream_.expires_after(std::chrono::seconds(header_timeout_seconds));
        http::async_read_header(stream_, buffer_, *parser_,
                                beast::bind_front_handler(&Session::on_header, shared_from_this()));
    }

    void on_header(beast::error_code ec, std::size_t) {
        if (ec) return on_unreadable(ec);
        stream_.expires_after(std::chrono::seconds(body_timeout_seconds));
        http::async_read(stream_, buffer_, *parser_,
                         beast::bind_front_handler(&Session::on_read, shared_from_this()));
    }

    void on_unreadable(beast::error_code ec) {
        if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
            ec == net::error::connection_reset || ec == net::error::operation_aborted)
            return close();
        // A request we cannot read whole gets its reason, then the connection ends.
        const bool too_large = ec == http::error::body_limit || ec == http::error::header_limit;
        draining_ = true;
        write(error_json(too_large ? 413 : 400,
                         (too_large ? "request too large: " : "bad request: ") + ec.message()),
              false, 11);
    }

    void on_read(beast::error_code ec, std::size_t) {
        if (ec) return on_unreadable(ec);
        const auto& req = parser_->get();
        // Why a copy of the flag: the parser is reset before the write completes.
        keep_alive_ = req.keep_alive();
        version_ = req.version();
        if (req.count(http::field::host) != 1 || req.count(http::field::origin) > 1)
            return write(error_json(400, "a request names its host once (one Host header, at "
                                         "most one Origin header)"),
                         false, version_);
        const Request request{std::string(req.method_string()), std::string(req.target()),
                              std::string(req[http::field::host]),
                              std::string(req[http::field::origin]), req.body()};
        Answer answer = guarded([&] { return routes().handle(request); });
        if (!answer.later) return write(answer.now, keep_alive_, version_);
        run(std::move(answer));
    }

    // Returns what MAKE returns, or a 500 reply with the reason when it throws.
    template <class Make>
    static auto guarded(Make&& make) -> decltype(make()) {
        try {
            return make();
        } catch (const std::exception& e) {
            return error_json(500, std::string("the lab failed on this request: ") + e.what());
        } catch (...) {
            return error_json(500, "the lab failed on this request");
        }
    }

    // Hands the answer's work to the pool; its reply comes back to on_work_done.
    void run(Answer answer) {
        auto self = shared_from_this();
        const std::string key = answer.kind.empty() ? "" : client_ + " " + answer.kind;
        ticket_ = pool().submit(key, [self, work = std::move(answer.later)](const Stop* stop) {
            Reply reply;
            if (!*stop) reply = guarded([&] { return work(stop); });
            net::post(self->stream_.get_executor(), [self, reply = std::move(reply)]() mutable {
                self->on_work_done(std::move(reply));
            });
        });
        if (!ticket_)
            return write(
                error_json(503, "the lab is busy: " + std::to_string(max_waiting_requests) +
                                    " requests wait for a search already; try again"),
                keep_alive_, version_);
        deadline_.expires_after(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double>(context_.time_limit)));
        deadline_.async_wait([self](beast::error_code ec) {
            if (!ec && self->ticket_) self->pool().stop(*self->ticket_, StopReason::time_up);
        });
        watch();
    }

    // Waits for the client to close its end while its work runs, to stop that work.
    void watch() {
        watching_ = true;
        stream_.socket().async_wait(
            tcp::socket::wait_read,
            beast::bind_front_handler(&Session::on_watch, shared_from_this()));
    }

    void on_watch(beast::error_code ec) {
        watching_ = false;
        if (!ticket_) return write(*pending_, keep_alive_, version_); // cancelled to answer
        if (ec) return;
        char c = 0;
        const ssize_t n = ::recv(stream_.socket().native_handle(), &c, 1, MSG_PEEK | MSG_DONTWAIT);
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return watch();
        if (n <= 0) {
            pool().stop(*ticket_, StopReason::client_gone);
            gone_ = true;
        }
        // n > 0: the client sent more (its next request): it is there; that waits its turn.
    }

    void on_work_done(Reply reply) {
        deadline_.cancel();
        const StopReason why = ticket_->reason();
        ticket_.reset();
        if (gone_ || why == StopReason::client_gone) return stream_.close();
        pending_ = why == StopReason::none ? std::move(reply) : stopped(why);
        if (watching_) return stream_.socket().cancel(); // on_watch writes it
        write(*pending_, keep_alive_, version_);
    }

    [[nodiscard]] Reply stopped(StopReason why) const;

    void write(const Reply& reply, bool keep_alive, unsigned version) {
        auto res = std::make_shared<http::response<http::string_body>>(
            static_cast<http::status>(reply.status), version);
        res->set(http::field::server, "al0 lab");
        res->set(http::field::content_type, reply.content_type);
        res->set(http::field::cache_control, "no-store");
        res->set("X-Content-Type-Options", "nosniff");
        res->keep_alive(keep_alive);
        res->body() = reply.body;
        res->prepare_payload();
        response_ = res;
        pending_.reset();
        stream_.expires_after(std::chrono::seconds(write_timeout_seconds));
        http::async_write(
            stream_, *res,
            beast::bind_front_handler(&Session::on_write, shared_from_this(), keep_alive));
    }

    void on_write(bool keep_alive, beast::error_code ec, std::size_t) {
        response_.reset();
        if (ec || !keep_alive) return close();
        read();
    }

    void close() {
        beast::error_code ec;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        if (draining_) drain();
    }

    // After refusing a request it did not read whole, the server reads the rest (for a while)
    // before closing: closing on unread bytes would reset the connection and could lose the
    // reply on its way to the client.
    void drain() {
        stream_.expires_after(std::chrono::seconds(2));
        stream_.async_read_some(net::buffer(scratch_),
                                [self = shared_from_this()](beast::error_code ec, std::size_t) {
                                    if (!ec) self->drain();
                                });
    }

    using Stop = std::atomic<bool>;
    [[nodiscard]] Routes& routes() const { return context_.routes; }
    [[nodiscard]] WorkPool& pool() const { return context_.pool; }

    beast::tcp_stream stream_;
    std::shared_ptr<Listener> listener_;
    const Context& context_; // the listener's
    std::string client_;     // the client's address
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::shared_ptr<void> response_;
    bool keep_alive_ = false;
    unsigned version_ = 11;
    std::shared_ptr<WorkPool::Ticket> ticket_; // the running request's work
    std::optional<Reply> pending_;             // its reply, while the watch ends
    net::steady_timer deadline_;
    bool watching_ = false;
    bool gone_ = false;
    std::atomic<bool> idle_{false};
    std::atomic<Clock::time_point> idle_since_{};
    bool draining_ = false;
    std::array<char, 4096> scratch_;
};

// Accepts connections, at most max_connections at once. At the limit it waits for one more to
// arrive, then closes the connection idle longest to make room; with none idle the newcomer
// waits (in the kernel's queue) until a connection ends, which the timeouts bound.
class Listener : public std::enable_shared_from_this<Listener> {
  public:
    Listener(net::io_context& io, Context context)
        : io_(io), acceptor_(net::make_strand(io)), context_(context) {}

    std::string bind(const tcp::endpoint& endpoint) {
        beast::error_code ec;
        acceptor_.open(endpoint.protocol(), ec);
        if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
        if (!ec) acceptor_.bind(endpoint, ec);
        if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
        return ec ? ec.message() : "";
    }
    [[nodiscard]] unsigned short port() const { return acceptor_.local_endpoint().port(); }

    void accept() {
        acceptor_.async_accept(net::make_strand(io_),
                               beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
    }

    // Called as a session ends (from its thread).
    void session_ended() {
        --open_;
        net::post(acceptor_.get_executor(), [self = shared_from_this()] {
            if (self->waiting_for_room_ && self->open_ < max_connections) {
                self->waiting_for_room_ = false;
                self->accept();
            }
        });
    }
    void session_started() { ++open_; }

  private:
    void on_accept(beast::error_code ec, tcp::socket socket) {
        if (!ec) {
            auto session =
                std::make_shared<Session>(std::move(socket), shared_from_this(), context_);
            {
                std::lock_guard lock(mutex_);
                std::erase_if(sessions_, [](const auto& s) { return s.expired(); });
                sessions_.push_back(session);
            }
            session->start();
        }
        if (open_ < max_connections) return accept();
        acceptor_.async_wait(tcp::acceptor::wait_read,
                             beast::bind_front_handler(&Listener::on_waiting, shared_from_this()));
    }

    // A connection waits while all places are taken.
    void on_waiting(beast::error_code ec) {
        if (ec) return;
        if (open_ < max_connections) return accept();
        waiting_for_room_ = true;
        std::shared_ptr<Session> idlest;
        std::lock_guard lock(mutex_);
        for (const auto& weak : sessions_)
            if (auto s = weak.lock();
                s && s->idle() && (!idlest || s->idle_since() < idlest->idle_since()))
                idlest = s;
        if (idlest) idlest->evict();
    }

    net::io_context& io_;
    tcp::acceptor acceptor_;
    const Context context_;
    std::atomic<int> open_{0};
    bool waiting_for_room_ = false; // on the acceptor's strand
    std::mutex mutex_;
    std::vector<std::weak_ptr<Session>> sessions_;
};

Session::Session(tcp::socket&& socket, std::shared_ptr<Listener> listener, const Context& context)
    : stream_(std::move(socket)), listener_(std::move(listener)), context_(context),
      deadline_(stream_.get_executor()) {
    beast::error_code ec;
    client_ = stream_.socket().remote_endpoint(ec).address().to_string();
    listener_->session_started();
}

Session::~Session() { listener_->session_ended(); }

Reply Session::stopped(StopReason why) const {
    if (why == StopReason::replaced)
        return error_json(409, "stopped: a newer request of the same kind replaced it");
    std::ostringstream limit; // as the user wrote it: 2, not JSON's 2.0
    limit << context_.time_limit;
    return error_json(503, "stopped: the search ran past the lab's time limit of " + limit.str() +
                               " seconds (al0 lab --time-limit)");
}

} // namespace

std::string serve(const ServerOptions& options, Routes& routes,
                  const std::function<void(const std::string&)>& ready) {
    beast::error_code ec;
    const auto address = net::ip::make_address(options.host, ec);
    if (ec) return "--host must be an IP address (e.g. 127.0.0.1), not " + options.host;
    net::io_context io{server_threads};
    WorkPool pool(worker_count(), max_waiting_requests);
    auto listener = std::make_shared<Listener>(io, Context{routes, pool, options.time_limit});
    if (std::string why = listener->bind({address, options.port}); !why.empty())
        return "cannot listen on " + options.host + ":" + std::to_string(options.port) + ": " + why;
    routes.allow_hosts(HostCheck::for_server(address, listener->port()));
    routes.report_load_of(pool);
    listener->accept();
    // A browser reaches a server on every interface by the loopback address.
    const std::string shown = address.is_unspecified() ? (address.is_v6() ? "[::1]" : "127.0.0.1")
                              : address.is_v6()        ? "[" + options.host + "]"
                                                       : options.host;
    ready("http://" + shown + ":" + std::to_string(listener->port()) + "/");
    // Why the loop: a handler that throws ends run() on its thread; the others keep serving and
    // this one goes back to work.
    const auto run = [&io] {
        for (;;) {
            try {
                io.run();
                return;
            } catch (const std::exception& e) {
                std::cerr << "al0 lab: " << e.what() << std::endl;
            }
        }
    };
    std::vector<std::thread> threads;
    for (int i = 1; i < server_threads; ++i) threads.emplace_back(run);
    run();
    for (auto& t : threads) t.join();
    return "";
}

} // namespace al0::tools::lab
