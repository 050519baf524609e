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

} // namespace al0::codegen
