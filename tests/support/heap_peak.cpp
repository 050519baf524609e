// The replaced global operator new and delete behind heap_peak.hpp. The other forms (arrays,
// sized, nothrow) call these in libstdc++; aligned ones are neither counted nor freed here.
// A sanitizer build keeps the sanitizer's own operator new: it checks every new against its
// delete, and forms it intercepts itself would meet this delete.

#include "tests/support/heap_peak.hpp"

#include <atomic>
#include <cstdlib>
#include <malloc.h>
#include <new>

namespace {

std::atomic<std::size_t> in_use{0}, peak{0};

} // namespace

#ifndef AL0_SANITIZED
void* operator new(std::size_t n) {
    void* p = std::malloc(n == 0 ? 1 : n);
    if (p == nullptr) throw std::bad_alloc();
    const std::size_t size = malloc_usable_size(p);
    const std::size_t now = in_use.fetch_add(size, std::memory_order_relaxed) + size;
    std::size_t seen = peak.load(std::memory_order_relaxed);
    while (now > seen && !peak.compare_exchange_weak(seen, now, std::memory_order_relaxed)) {
    }
    return p;
}

void operator delete(void* p) noexcept {
    if (p == nullptr) return;
    in_use.fetch_sub(malloc_usable_size(p), std::memory_order_relaxed);
    std::free(p);
}

void operator delete(void* p, std::size_t) noexcept { operator delete(p); }
#endif

namespace al0::test {

bool heap_counted() {
#ifdef AL0_SANITIZED
    return false;
#else
    return true;
#endif
}

} // namespace al0::test

namespace al0::test {

std::size_t heap_in_use() { return in_use.load(std::memory_order_relaxed); }
std::size_t heap_peak() { return peak.load(std::memory_order_relaxed); }
void reset_heap_peak() { peak.store(heap_in_use(), std::memory_order_relaxed); }

} // namespace al0::test
