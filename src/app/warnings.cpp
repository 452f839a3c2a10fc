#include "app/warnings.hpp"

#include <fmt/core.h>

#include <cstdio>

namespace rochade::app {

void Warnings::skipped_text(std::string_view path, std::uint64_t line, std::string_view message) {
  if (quiet_) return;
  if (path != current_.path) {
    flush_current();
    current_ = PerInput{std::string(path), 0};
  }
  if (++current_.count <= static_cast<std::uint64_t>(k_per_input))
    fmt::print(stderr, "rochade {}: {}:{}: skipped text that is not a game{}{}\n", command_, path,
               line, message.empty() ? "" : ": ", message);
}

void Warnings::flush_current() {
  if (current_.count > static_cast<std::uint64_t>(k_per_input))
    fmt::print(stderr, "rochade {}: … and {} more in {} (skipped text that is not a game)\n",
               command_, current_.count - static_cast<std::uint64_t>(k_per_input), current_.path);
  current_ = PerInput{};
}

void Warnings::finish() {
  if (!quiet_) flush_current();
}

}  // namespace rochade::app
