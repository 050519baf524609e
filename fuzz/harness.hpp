#pragma once
// The libFuzzer entry point of one harness: the input's bytes, as text, through one property
// check of fuzz/properties/properties.hpp (a violation throws, which libFuzzer reports as a crash).

#include "fuzz/properties/properties.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#define AL0_FUZZ_HARNESS(check)                                                                    \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {            \
        check(std::string_view(reinterpret_cast<const char*>(data), size));                        \
        return 0;                                                                                  \
    }
