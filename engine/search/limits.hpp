#pragma once
// The search's own bound on depth, for the core and for the checker that warns about tables
// whose searches only it stops.

namespace al0::search {

// The deepest node any search reaches, in plies below its root: a search that would go deeper
// ends with Outcome::depth_exceeded, whatever its table says. Why: every search recurses once
// per ply; this bound keeps the stack within a thread's default 8 MB even in a sanitizer build,
// while real tables stay far below it (KRK mates take at most 32 plies, N-queens N <= 32).
inline constexpr int MAX_SEARCH_DEPTH = 1000;

} // namespace al0::search
