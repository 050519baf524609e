#pragma once
// What the build gives engine/codegen: the headers the generated goals include, as al0 was
// built from them (al0_embed_files writes their definition).

#include <span>
#include <string_view>

namespace al0::codegen {

struct EmbeddedHeader {
    std::string_view path; // as the generated code includes it: "engine/krk/krk_predicates.hpp"
    std::string_view text;
};

// Every header the generated goals include, sorted by path.
std::span<const EmbeddedHeader> embedded_headers();

// The SHA-256 (hex) of those headers' paths and texts, worked out when al0 was built. Why: the key
// of the compiled goals hashed every header's text at each load (4 M instructions, a third of a
// millisecond of each `al0 advise`).
std::string_view embedded_headers_digest();

} // namespace al0::codegen
