#pragma once
// An expected-style result (C++20 has no std::expected): a value, or an error saying why not.

#include <string>
#include <utility>
#include <variant>

namespace al0 {

struct Error {
    std::string message;
};

template <class T>
class Expected {
  public:
    Expected(T value) : v_(std::move(value)) {}
    Expected(Error e) : v_(std::move(e)) {}
    [[nodiscard]] bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    [[nodiscard]] const T& value() const { return std::get<0>(v_); }
    [[nodiscard]] T& value() { return std::get<0>(v_); }
    [[nodiscard]] const std::string& error() const { return std::get<1>(v_).message; }
    const T& operator*() const { return value(); }
    const T* operator->() const { return &value(); }

  private:
    std::variant<T, Error> v_;
};

} // namespace al0
