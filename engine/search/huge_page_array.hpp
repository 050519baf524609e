#pragma once
// A fixed array of value-initialised elements whose storage the kernel is asked to back with
// huge pages (Linux transparent huge pages, also when they are granted only on request). Why: a
// memo of megabytes probed at random spans thousands of small pages, more than the TLB holds, so
// a probe pays a page walk on top of its cache miss, and a prefetch does not hide both.

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <type_traits>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace al0::search {

template <class T>
class HugePageArray {
    static_assert(std::is_trivially_destructible_v<T>);

  public:
    explicit HugePageArray(std::size_t size) : size_(size) {
        const std::size_t bytes = (size * sizeof(T) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        void* p = std::aligned_alloc(HUGE_PAGE, bytes);
        if (!p) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
        madvise(p, bytes, MADV_HUGEPAGE); // only advice: without huge pages it works as well
#endif
        data_.reset(static_cast<T*>(p));
        std::uninitialized_value_construct_n(data_.get(), size);
    }

    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] T* data() { return data_.get(); }
    T& operator[](std::size_t i) { return data_[i]; }
    const T& operator[](std::size_t i) const { return data_[i]; }

  private:
    static constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;
    struct Free {
        void operator()(T* p) const { std::free(p); }
    };

    std::unique_ptr<T[], Free> data_;
    std::size_t size_;
};

} // namespace al0::search
