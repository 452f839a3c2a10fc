// Internal to src/io: error texts in one style (lower case, no trailing period).
#pragma once

#include <cctype>
#include <string>
#include <system_error>

namespace rochade::io::detail {

// "no such file or directory", "permission denied", ... for an errno value.
inline std::string errno_text(int err) {
  std::string text = std::error_code(err, std::generic_category()).message();
  if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace rochade::io::detail
