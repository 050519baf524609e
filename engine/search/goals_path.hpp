#pragma once
// Which path a program's goals run on, for the tools to say so: interpreted, or as machine code
// (engine/codegen), and then how many of its advice have their whole search compiled. Why the
// tools say it: a table whose goals fail to compile runs interpreted to the same figures, only
// slower, and nothing else would tell.

#include "engine/search/program.hpp"

#include <cstddef>

namespace al0::search {

struct GoalsPath {
    bool compiled = false;          // Program::native_library is loaded
    std::size_t whole_searches = 0; // advice with CompiledAdvice::native_search
    std::size_t advice = 0;
};

[[nodiscard]] inline GoalsPath goals_path(const Program& p) {
    GoalsPath path{p.native_library != nullptr, 0, p.advice.size()};
    if (path.compiled)
        for (const CompiledAdvice& a : p.advice) path.whole_searches += a.native_search != nullptr;
    return path;
}

} // namespace al0::search
