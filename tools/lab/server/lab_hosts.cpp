#include "tools/lab/server/lab_hosts.hpp"

#include <ifaddrs.h>
#include <netinet/in.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>

namespace al0::tools::lab {
namespace {

namespace ip = boost::asio::ip;

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return char(c >= 'A' && c <= 'Z' ? c + 32 : c); });
    return out;
}

std::string name_of(const ip::address& address) {
    const std::string text = address.to_string();
    if (!address.is_v6()) return text;
    std::string bracketed; // built by appends: g++ 12 warns falsely on "[" + text + "]"
    bracketed.reserve(text.size() + 2);
    bracketed.append(1, '[').append(text).append(1, ']');
    return bracketed;
}

// The addresses of the machine's network interfaces.
std::vector<std::string> interface_addresses() {
    std::vector<std::string> names;
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return names;
    for (const ifaddrs* i = list; i; i = i->ifa_next) {
        if (!i->ifa_addr) continue;
        if (i->ifa_addr->sa_family == AF_INET) {
            const auto* a = reinterpret_cast<const sockaddr_in*>(i->ifa_addr);
            names.push_back(name_of(ip::address_v4(ntohl(a->sin_addr.s_addr))));
        } else if (i->ifa_addr->sa_family == AF_INET6) {
            const auto* a = reinterpret_cast<const sockaddr_in6*>(i->ifa_addr);
            ip::address_v6::bytes_type bytes;
            std::copy(std::begin(a->sin6_addr.s6_addr), std::end(a->sin6_addr.s6_addr),
                      bytes.begin());
            // A link-local address needs its zone (fe80::1%eth0), which no browser sends.
            const ip::address_v6 v6(bytes);
            if (!v6.is_link_local()) names.push_back(name_of(v6));
        }
    }
    freeifaddrs(list);
    return names;
}

std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "";
    return name;
}

} // namespace

HostCheck HostCheck::for_server(const ip::address& address, unsigned short port) {
    std::vector<std::string> names = {name_of(address)};
    if (address.is_loopback() || address.is_unspecified())
        for (const char* name : {"localhost", "127.0.0.1", "[::1]"}) names.emplace_back(name);
    if (address.is_unspecified()) {
        for (std::string& name : interface_addresses()) names.push_back(std::move(name));
        if (std::string name = host_name(); !name.empty()) names.push_back(std::move(name));
    }
    return HostCheck(std::move(names), port);
}

HostCheck::HostCheck(std::vector<std::string> names, unsigned short port) : port_(port) {
    for (const std::string& name : names)
        if (std::find(names_.begin(), names_.end(), lower(name)) == names_.end())
            names_.push_back(lower(name));
}

bool HostCheck::allows_host(std::string_view host) const {
    // NAME[:PORT], where NAME may be [an IPv6 address] holding colons itself.
    const std::size_t bracket = host.rfind(']');
    const std::size_t colon = host.rfind(':');
    std::string_view name = host;
    unsigned port = 80;
    if (colon != std::string_view::npos && (bracket == std::string_view::npos || colon > bracket)) {
        name = host.substr(0, colon);
        const std::string_view digits = host.substr(colon + 1);
        const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), port);
        if (ec != std::errc{} || end != digits.data() + digits.size()) return false;
    }
    return port == port_ && std::find(names_.begin(), names_.end(), lower(name)) != names_.end();
}

bool HostCheck::allows_origin(std::string_view origin) const {
    return origin.starts_with("http://") && allows_host(origin.substr(7));
}

} // namespace al0::tools::lab
