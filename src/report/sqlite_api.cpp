#include "report/sqlite_api.hpp"

#include "io/shared_library.hpp"

namespace rochade::report {
namespace {

void bind_all(io::SharedLibrary& lib, SqliteApi& api) {
#define ROCHADE_BIND(name) lib.bind(api.name, #name);
  ROCHADE_SQLITE_FUNCTIONS(ROCHADE_BIND)
#undef ROCHADE_BIND
}

}  // namespace

const SqliteApi* sqlite_api(std::string& why) {
  return io::loaded_api<SqliteApi>(ROCHADE_SQLITE_SONAME, bind_all, why);  // the soname from CMake
}

}  // namespace rochade::report
