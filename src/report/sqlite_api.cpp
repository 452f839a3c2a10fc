#include "report/sqlite_api.hpp"

namespace rochade::report {
namespace {

void bind_all(io::SharedLibrary& lib, SqliteApi& api) {
  ROCHADE_SQLITE_FUNCTIONS(ROCHADE_BIND_FUNCTION)
}

}  // namespace

const SqliteApi* sqlite_api(std::string& why) {
  return io::loaded_api<SqliteApi>(ROCHADE_SQLITE_SONAME, bind_all, why);  // the soname from CMake
}

}  // namespace rochade::report
