#include "io/archive_api.hpp"

namespace rochade::io {
namespace {

void bind_all(SharedLibrary& lib, ArchiveApi& api) {
  ROCHADE_ARCHIVE_FUNCTIONS(ROCHADE_BIND_FUNCTION)
}

}  // namespace

const ArchiveApi* archive_api(std::string& why) {
  return loaded_api<ArchiveApi>(ROCHADE_LIBARCHIVE_SONAME, bind_all, why);  // the soname from CMake
}

}  // namespace rochade::io
