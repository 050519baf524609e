#include "tools/lab_server.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>
#include <vector>

namespace al0::tools::lab {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

// Threads answering requests: a slow search on one leaves the others serving.
constexpr int server_threads = 4;

// One connection: reads requests one after another (keep-alive), answers each through Routes.
class Session : public std::enable_shared_from_this<Session> {
  public:
    Session(tcp::socket&& socket, Routes& routes, std::atomic<int>& open)
        : stream_(std::move(socket)), routes_(routes), open_(open) {
        ++open_;
    }
    ~Session() { --open_; }

    void start() {
        net::dispatch(stream_.get_executor(),
                      beast::bind_front_handler(&Session::read, shared_from_this()));
    }

  private:
    void read() {
        parser_.emplace();
        parser_->header_limit(max_header_bytes);
        parser_->body_limit(max_body_bytes);
        stream_.expires_after(std::chrono::seconds(read_timeout_seconds));
        http::async_read(stream_, buffer_, *parser_,
                         beast::bind_front_handler(&Session::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, std::size_t) {
        if (ec == http::error::end_of_stream || ec == beast::error::timeout ||
            ec == net::error::connection_reset)
            return close();
        if (ec) {
            // A request we cannot read whole gets its reason, then the connection ends.
            const bool too_large = ec == http::error::body_limit || ec == http::error::header_limit;
            Reply r{too_large ? 413 : 400, "application/json",
                    nlohmann::json{{"error", (too_large ? "request too large: " : "bad request: ") +
                                                 ec.message()}}
                        .dump()};
            draining_ = true;
            return write(r, false, 11);
        }
        const auto& req = parser_->get();
        const Request request{std::string(req.method_string()), std::string(req.target()),
                              std::string(req[http::field::host]),
                              std::string(req[http::field::origin]), req.body()};
        // Why a copy of the flag: the parser is reset before the write completes.
        const bool keep_alive = req.keep_alive();
        const unsigned version = req.version();
        Reply reply;
        try {
            reply = routes_.handle(request);
        } catch (const std::exception& e) {
            reply = {500, "application/json", nlohmann::json{{"error", e.what()}}.dump()};
        }
        write(reply, keep_alive, version);
    }

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

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    std::shared_ptr<void> response_;
    bool draining_ = false;
    std::array<char, 4096> scratch_;
    Routes& routes_;
    std::atomic<int>& open_;
};

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    Listener(net::io_context& io, Routes& routes) : io_(io), acceptor_(io), routes_(routes) {}

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

  private:
    void on_accept(beast::error_code ec, tcp::socket socket) {
        // Past the limit a connection is closed at once: the page needs only a few.
        if (!ec && open_.load() < max_connections)
            std::make_shared<Session>(std::move(socket), routes_, open_)->start();
        accept();
    }

    net::io_context& io_;
    tcp::acceptor acceptor_;
    Routes& routes_;
    std::atomic<int> open_{0};
};

} // namespace

std::string serve(const ServerOptions& options, Routes& routes,
                  const std::function<void(const std::string&)>& ready) {
    beast::error_code ec;
    const auto address = net::ip::make_address(options.host, ec);
    if (ec) return "--host must be an IP address (e.g. 127.0.0.1), not " + options.host;
    net::io_context io{server_threads};
    auto listener = std::make_shared<Listener>(io, routes);
    if (std::string why = listener->bind({address, options.port}); !why.empty())
        return "cannot listen on " + options.host + ":" + std::to_string(options.port) + ": " + why;
    const std::string port = std::to_string(listener->port());
    const std::string host = address.is_v6() ? "[" + options.host + "]" : options.host;
    std::vector<std::string> hosts = {host + ":" + port};
    if (address.is_loopback()) {
        hosts.push_back("localhost:" + port);
        if (host != "127.0.0.1") hosts.push_back("127.0.0.1:" + port);
    }
    routes.allow_hosts(hosts);
    listener->accept();
    ready("http://" + host + ":" + port + "/");
    std::vector<std::thread> threads;
    for (int i = 1; i < server_threads; ++i) threads.emplace_back([&io] { io.run(); });
    io.run();
    for (auto& t : threads) t.join();
    return "";
}

} // namespace al0::tools::lab
