// The SQLite functions `games --format sqlite` calls, bound when the first such table is
// written rather than at every start (src/io/shared_library.hpp says why).
#pragma once

#include <sqlite3.h>

#include <string>

#include "io/shared_library.hpp"

namespace rochade::report {

// Each function used, once: the struct's members and the binding are made from this list.
#define ROCHADE_SQLITE_FUNCTIONS(X) \
  X(sqlite3_open_v2)                \
  X(sqlite3_close)                  \
  X(sqlite3_errmsg)                 \
  X(sqlite3_exec)                   \
  X(sqlite3_prepare_v2)             \
  X(sqlite3_finalize)               \
  X(sqlite3_reset)                  \
  X(sqlite3_step)                   \
  X(sqlite3_bind_null)              \
  X(sqlite3_bind_int64)             \
  X(sqlite3_bind_text)

struct SqliteApi {
  ROCHADE_SQLITE_FUNCTIONS(ROCHADE_FUNCTION_POINTER)
};

// SQLite's functions, loaded on the first call (thread-safe); nullptr when the library cannot
// be loaded, and then `why` says why.
const SqliteApi* sqlite_api(std::string& why);

}  // namespace rochade::report
