#include "report/sqlite_api.hpp"

#include <memory>

#include "io/shared_library.hpp"

namespace rochade::report {
namespace {

struct Loaded {
  std::unique_ptr<io::SharedLibrary> lib;
  SqliteApi api;
};

Loaded load() {
  Loaded l;
  l.lib = std::make_unique<io::SharedLibrary>(ROCHADE_SQLITE_SONAME);  // from CMake
#define ROCHADE_SQLITE_BIND(name) l.lib->bind(l.api.name, #name);
  ROCHADE_SQLITE_FUNCTIONS(ROCHADE_SQLITE_BIND)
#undef ROCHADE_SQLITE_BIND
  return l;
}

}  // namespace

const SqliteApi* sqlite_api(std::string& why) {
  static const Loaded loaded = load();  // once, on the first table
  if (!loaded.lib->ok()) {
    why = loaded.lib->error();
    return nullptr;
  }
  return &loaded.api;
}

}  // namespace rochade::report
