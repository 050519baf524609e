#pragma once
// Where al0 keeps what it builds once and reuses: tablebases (engine/tablebase) and goals
// compiled to machine code (engine/codegen).

#include <filesystem>

namespace al0::io {

// Returns $XDG_CACHE_HOME/al0, else $HOME/.cache/al0 (empty if neither is set).
std::filesystem::path default_cache_dir();

} // namespace al0::io
