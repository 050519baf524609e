#pragma once
// One in-memory registry of tablebases for the whole test run (no disk cache).

#include "engine/tablebase/registry.hpp"

#include <vector>

inline al0::tablebase::Registry& shared_registry() {
    static al0::tablebase::Registry registry(al0::tablebase::CachePolicy{false, {}});
    return registry;
}

inline const al0::tablebase::Table& table_of(const char* material) {
    return shared_registry().table(*al0::tablebase::Material::parse(material));
}
