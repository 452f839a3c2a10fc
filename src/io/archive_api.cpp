#include "io/archive_api.hpp"

#include "io/shared_library.hpp"

namespace rochade::io {
namespace {

void bind_all(SharedLibrary& lib, ArchiveApi& api) {
#define ROCHADE_BIND(name) lib.bind(api.name, #name);
  ROCHADE_ARCHIVE_FUNCTIONS(ROCHADE_BIND)
#undef ROCHADE_BIND
}

}  // namespace

const ArchiveApi* archive_api(std::string& why) {
  return loaded_api<ArchiveApi>(ROCHADE_LIBARCHIVE_SONAME, bind_all, why);  // the soname from CMake
}

}  // namespace rochade::io
