#pragma once
// An environment variable set for a test's scope and restored after it (unset again if it was
// unset), so that a failing CHECK cannot leak it into the tests after.

#include <cstdlib>
#include <optional>
#include <string>
#include <utility>

namespace al0::test {

class ScopedEnv {
  public:
    // Sets NAME to VALUE, or unsets it when VALUE is nothing.
    ScopedEnv(std::string name, const std::optional<std::string>& value) : name_(std::move(name)) {
        if (const char* old = std::getenv(name_.c_str())) saved_ = old;
        if (value)
            ::setenv(name_.c_str(), value->c_str(), 1);
        else
            ::unsetenv(name_.c_str());
    }
    ~ScopedEnv() {
        if (saved_)
            ::setenv(name_.c_str(), saved_->c_str(), 1);
        else
            ::unsetenv(name_.c_str());
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

  private:
    std::string name_;
    std::optional<std::string> saved_;
};

} // namespace al0::test
