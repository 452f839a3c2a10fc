// `rochade games --format sqlite`: the per-game table as an SQLite database (docs/GAMES-TABLE.md):
// table `games` (id INTEGER PRIMARY KEY in row order, then the columns of the table) and table
// `findings` (game_id, then the fields of docs/AUDIT-JSONL.md). Workers encode each game's row into
// their per-game output (append_sqlite_row, a compact binary form); the run hands those bytes,
// in input order, to one SqliteTableWriter, whose own thread inserts them in batched
// transactions, so the database is not the bottleneck of the run.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
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

class SqliteTableWriter {
 public:
  // Creates the tables in a new database at `path` (an empty or absent file: the output's
  // temporary file) and starts the writer thread; on failure ok() is false and error() says why.
  // `tags`: the tags asked for with --tag, a TEXT column each after the others.
  explicit SqliteTableWriter(const std::string& path, const std::vector<std::string>& tags = {});
  ~SqliteTableWriter();  // stops the thread and closes the database (what was written stays)
  SqliteTableWriter(const SqliteTableWriter&) = delete;
  SqliteTableWriter& operator=(const SqliteTableWriter&) = delete;

  bool ok();
  // Rows from append_sqlite_row, in order (one thread at a time). Blocks while the writer thread
  // is more than a few batches behind.
  void write(std::string_view rows);
  // Inserts what is left, commits, indexes the findings (game_id) and the games (white, black,
  // year) and closes the database. False (and
  // error()) when something could not be written.
  bool finish();
  std::string error();
  std::uint64_t rows() const { return rows_; }

 private:
  void run();
  void insert_batch(std::string_view batch);
  bool exec(const char* sql);
  void fail(std::string_view what);
  void push(std::string batch);

  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_game_ = nullptr;
  sqlite3_stmt* insert_finding_ = nullptr;
  int cells_ = 0;                  // cells of a games row (the columns, --tag's included)
  std::uint64_t rows_ = 0;         // the writer thread's
  std::uint64_t uncommitted_ = 0;  // rows since the last COMMIT (writer thread)
  std::string pending_;            // the producer's batch being filled

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> queue_;  // batches for the writer thread
  bool done_ = false;              // no more batches will come
  std::string error_;              // the first failure (under mutex_)
  std::thread thread_;
};

}  // namespace rochade::report
