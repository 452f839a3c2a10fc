// What `rochade --version` prints: the version, the git commit it was built from (when it was
// built from a git checkout; CMakeLists.txt asks `git rev-parse` at configure time), and the
// formats this build reads, with the library that decodes each.
#pragma once

#include <string>
#include <string_view>

namespace rochade::app {

// e.g. "rochade 0.1.0 (git 54d838a1b2c3)\nreads: plain, gzip (zlib 1.2.13), ..." (no final
// newline)
std::string version_text(std::string_view program);

}  // namespace rochade::app
