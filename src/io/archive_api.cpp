#include "io/archive_api.hpp"

#include <memory>

#include "io/shared_library.hpp"

namespace rochade::io {
namespace {

struct Loaded {
  std::unique_ptr<SharedLibrary> lib;
  ArchiveApi api;
};

Loaded load() {
  Loaded l;
  l.lib = std::make_unique<SharedLibrary>(ROCHADE_LIBARCHIVE_SONAME);  // from CMake
#define ROCHADE_ARCHIVE_BIND(name) l.lib->bind(l.api.name, #name);
  ROCHADE_ARCHIVE_FUNCTIONS(ROCHADE_ARCHIVE_BIND)
#undef ROCHADE_ARCHIVE_BIND
  return l;
}

}  // namespace

const ArchiveApi* archive_api(std::string& why) {
  static const Loaded loaded = load();  // once, on the first archive
  if (!loaded.lib->ok()) {
    why = loaded.lib->error();
    return nullptr;
  }
  return &loaded.api;
}

}  // namespace rochade::io
