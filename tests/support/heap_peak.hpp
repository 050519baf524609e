#pragma once
// The heap the test binary holds through operator new (heap_peak.cpp replaces it): for tests that
// bound the memory a piece of work takes. Counted over all threads, in usable bytes.

#include <cstddef>

namespace al0::test {

// Returns whether the heap is counted (not in a sanitizer build, whose allocator stays its own).
bool heap_counted();

// Returns the bytes held now.
std::size_t heap_in_use();
// Returns the most bytes held at once since the last reset_heap_peak().
std::size_t heap_peak();
// Makes the peak what is held now.
void reset_heap_peak();

} // namespace al0::test
