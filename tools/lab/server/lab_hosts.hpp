#pragma once
// Which Host headers (and Origin headers) the lab answers: the names of its own address, so that
// a page of another site cannot reach it by DNS rebinding (its requests name that site's host).
// Names are compared without regard to case, the port must be the server's (80 when omitted).

#include <boost/asio/ip/address.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace al0::tools::lab {

class HostCheck {
  public:
    HostCheck() = default;
    // For a server listening on ADDRESS:PORT. A loopback address also answers to localhost,
    // 127.0.0.1 and [::1]; an unspecified one (0.0.0.0, ::) to these, to every address of the
    // machine's network interfaces and to its host name, so a browser on the machine reaches it.
    static HostCheck for_server(const boost::asio::ip::address& address, unsigned short port);
    // NAMES: host names and addresses (IPv6 ones in brackets).
    HostCheck(std::vector<std::string> names, unsigned short port);

    [[nodiscard]] bool allows_host(std::string_view host) const;
    // An Origin header: "http://" and an allowed host.
    [[nodiscard]] bool allows_origin(std::string_view origin) const;
    [[nodiscard]] const std::vector<std::string>& names() const { return names_; }

  private:
    std::vector<std::string> names_; // lower case
    unsigned short port_ = 0;
};

} // namespace al0::tools::lab
