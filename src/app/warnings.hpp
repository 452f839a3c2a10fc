// Warnings on stderr, in the order they happen, at most a few of one kind per input: a damaged
// file can hold thousands of unreadable stretches, and one line then says how many more there
// were ("… and 694 more in F"). -q silences warnings (never errors: see print_error).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rochade::app {

class Warnings {
 public:
  static constexpr int k_per_input = 10;  // shown in full before they are only counted

  Warnings(std::string_view command, bool quiet) : command_(command), quiet_(quiet) {}
  // Text between games that is not PGN, skipped (called in input order).
  void skipped_text(std::string_view path, std::uint64_t line, std::string_view message);
  // Prints the count of the warnings not shown.
  void finish();

 private:
  struct PerInput {
    std::string path;
    std::uint64_t count = 0;
  };
  void flush_current();

  std::string command_;
  bool quiet_;
  PerInput current_;
};

}  // namespace rochade::app
