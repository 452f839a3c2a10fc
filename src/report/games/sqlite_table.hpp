// `rochade games --format sqlite`: the per-game table as an SQLite database (docs/GAMES-TABLE.md):
// table `games` (id INTEGER PRIMARY KEY in row order, then the columns of the table) and table
// `findings` (game_id, then the fields of docs/AUDIT-JSONL.md). Workers encode each game's row into
// their per-game output (append_sqlite_row, a compact binary form); the run hands those bytes,
// in input order, to one SqliteTableWriter, which inserts them in batched transactions (on a
// thread of the run's: run/writer_thread.hpp, so the database is not the bottleneck of the run).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace rochade::report {

// Appends one game (its row and its findings) in the writer's form. `input`: its name as given.
// `tags`: the tags asked for with --tag (the same list as the writer's).
void append_sqlite_row(std::string_view input, const analysis::GameRecord& record,
                       const analysis::GameAnalysis& analysis, std::string& out,
                       const std::vector<std::string>& tags = {});

// One thread at a time: the writer's calls follow one another (the run's writer thread inserts,
// after the thread that opened it; the one that finishes waits for that thread first).
class SqliteTableWriter {
 public:
  // Creates the tables in a new database at `path` (an empty or absent file: the output's
  // temporary file); on failure ok() is false and error() says why. `tags`: the tags asked for
  // with --tag, a TEXT column each after the others.
  explicit SqliteTableWriter(const std::string& path, const std::vector<std::string>& tags = {});
  ~SqliteTableWriter();  // closes the database (what was written stays)
  SqliteTableWriter(const SqliteTableWriter&) = delete;
  SqliteTableWriter& operator=(const SqliteTableWriter&) = delete;

  bool ok() const { return error_.empty(); }
  // Inserts rows from append_sqlite_row (whole games), in order. False (and error()) when they
  // could not be.
  bool insert(std::string_view rows);
  // Commits, indexes the findings (game_id) and the games (white, black, year) and closes the
  // database. False (and error()) when something could not be written.
  bool finish();
  const std::string& error() const { return error_; }
  std::uint64_t rows() const { return rows_; }

 private:
  bool exec(const char* sql);
  bool fail(std::string_view what);

  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_game_ = nullptr;
  sqlite3_stmt* insert_finding_ = nullptr;
  int cells_ = 0;                  // cells of a games row (the columns, --tag's included)
  std::uint64_t rows_ = 0;
  std::uint64_t uncommitted_ = 0;  // rows since the last COMMIT
  std::string error_;              // the first failure
};

}  // namespace rochade::report
