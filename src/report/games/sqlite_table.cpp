#include "report/games/sqlite_table.hpp"

#include <cstring>

#include <sqlite3.h>
#include "analysis/game_columns.hpp"
#include "report/common/json.hpp"
#include "report/common/text.hpp"
#include "report/games/audit.hpp"

namespace rochade::report {

using analysis::Column;
using analysis::ColumnValue;

namespace {

// The writer's form: cells one after another. 'N' (null), 'I' + 8 bytes (an int64), 'R' + 8
// bytes (a double), 'T' + 4 bytes of length + UTF-8 text. A game: its cells_ cells (the columns,
// then --tag's), a count of findings (an 'I' cell), then finding_cells cells per finding.
constexpr int finding_cells = 11;
constexpr const char* finding_columns =
    "kind TEXT, ply INTEGER, move_number INTEGER, side TEXT, san TEXT, reasons TEXT, "
    "message TEXT, line INTEGER, played_as TEXT, fen_before TEXT, evidence TEXT";
constexpr std::uint64_t rows_per_transaction = 100'000;

void put_null(std::string& out) { out += 'N'; }
void put_int(std::int64_t v, std::string& out) {
  char b[9] = {'I'};
  std::memcpy(b + 1, &v, 8);
  out.append(b, 9);
}
void put_real(double v, std::string& out) {
  char b[9] = {'R'};
  std::memcpy(b + 1, &v, 8);
  out.append(b, 9);
}
void put_text(std::string_view s, std::string& out) {
  if (s.empty()) return put_null(out);
  char b[5] = {'T'};
  const auto n = static_cast<std::uint32_t>(s.size());
  std::memcpy(b + 1, &n, 4);
  out.append(b, 5);
  out.append(s);
}
void put_clean(std::string_view s, std::string& out) { put_text(clean_text(s), out); }

// Reads one cell and binds it to parameter `index` of `stmt`; false at a malformed end.
bool bind_cell(std::string_view& in, sqlite3_stmt* stmt, int index, std::int64_t* as_int) {
  if (in.empty()) return false;
  const char type = in[0];
  in.remove_prefix(1);
  if (type == 'N') return sqlite3_bind_null(stmt, index) == SQLITE_OK;
  if (type == 'I') {
    if (in.size() < 8) return false;
    std::int64_t v = 0;
    std::memcpy(&v, in.data(), 8);
    in.remove_prefix(8);
    if (as_int) *as_int = v;
    return stmt == nullptr || sqlite3_bind_int64(stmt, index, v) == SQLITE_OK;
  }
  if (type == 'R') {
    if (in.size() < 8) return false;
    double v = 0;
    std::memcpy(&v, in.data(), 8);
    in.remove_prefix(8);
    return stmt == nullptr || sqlite3_bind_double(stmt, index, v) == SQLITE_OK;
  }
  if (type != 'T' || in.size() < 4) return false;
  std::uint32_t n = 0;
  std::memcpy(&n, in.data(), 4);
  in.remove_prefix(4);
  if (in.size() < n) return false;
  const int rc = sqlite3_bind_text(stmt, index, in.data(), static_cast<int>(n), SQLITE_STATIC);
  in.remove_prefix(n);
  return rc == SQLITE_OK;
}

std::string evidence_json(const analysis::Finding& f) {
  std::string s;
  if (f.evidence.empty()) return s;
  JsonWriter j(s);
  write_evidence(j, f);
  return s;
}

}  // namespace

void append_sqlite_row(std::string_view input, const analysis::GameRecord& record,
                       const analysis::GameAnalysis& analysis, std::string& out,
                       const std::vector<std::string>& tags) {
  const analysis::GameRow row(record, analysis, input);
  for (int i = 0; i < analysis::table_column_count; ++i) {
    const ColumnValue& v = row[Column(i)];
    if (v.kind == ColumnValue::Kind::number && v.scale != 1)
      put_real(v.real(), out);
    else if (v.kind == ColumnValue::Kind::number)
      put_int(v.number, out);
    else if (v.kind == ColumnValue::Kind::text)
      put_clean(v.text, out);
    else
      put_null(out);
  }
  for (const std::string& t : tags) put_clean(record.tag(t), out);
  put_int(static_cast<std::int64_t>(analysis.findings.size()), out);
  for (const analysis::Finding& f : analysis.findings) {
    put_text(analysis::finding_kind_name(f.kind), out);
    if (f.ply > 0) {
      put_int(f.ply, out);
      put_int(f.move_number, out);
      put_text(f.side == chess::Color::white ? "white" : "black", out);
      put_clean(f.san, out);
    } else {
      for (int k = 0; k < 4; ++k) put_null(out);
    }
    std::string reasons;
    for (const auto& r : f.reasons) reasons += (reasons.empty() ? "" : ";") + r;
    put_text(reasons, out);
    put_clean(f.message, out);
    if (f.line)
      put_int(static_cast<std::int64_t>(f.line), out);
    else
      put_null(out);
    put_clean(f.played_as, out);
    put_clean(f.fen_before, out);
    put_text(evidence_json(f), out);
  }
}

SqliteTableWriter::SqliteTableWriter(const std::string& path, const std::vector<std::string>& tags)
    : cells_(analysis::table_column_count + static_cast<int>(tags.size())) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    fail("cannot open the database");
    return;
  }
  // The file is a temporary one, renamed into place when complete (io::Output): no journal and
  // no syncing until the end (Output::commit syncs the file).
  std::string games = "CREATE TABLE games (id INTEGER PRIMARY KEY";
  std::string insert = "INSERT INTO games VALUES (?";
  for (int i = 0; i < analysis::table_column_count; ++i) {
    games += ", ";
    games += analysis::column_name(Column(i));
    constexpr std::string_view types[] = {" INTEGER", " REAL", " TEXT"};
    games += types[static_cast<int>(analysis::column_type(Column(i)))];
    insert += ",?";
  }
  for (const std::string& t : tags) {
    games += ", " + analysis::tag_column_name(t) + " TEXT";
    insert += ",?";
  }
  games += ")";
  insert += ")";
  const std::string findings = std::string("CREATE TABLE findings (game_id INTEGER NOT NULL ") +
                               "REFERENCES games(id), " + finding_columns + ")";
  std::string insert_f = "INSERT INTO findings VALUES (?";
  for (int i = 0; i < finding_cells; ++i) insert_f += ",?";
  insert_f += ")";
  if (!exec("PRAGMA journal_mode=OFF") || !exec("PRAGMA synchronous=OFF") || !exec(games.c_str()) ||
      !exec(findings.c_str()))
    return;
  if (sqlite3_prepare_v2(db_, insert.c_str(), -1, &insert_game_, nullptr) != SQLITE_OK ||
      sqlite3_prepare_v2(db_, insert_f.c_str(), -1, &insert_finding_, nullptr) != SQLITE_OK) {
    fail("cannot prepare the inserts");
    return;
  }
  exec("BEGIN");
}

SqliteTableWriter::~SqliteTableWriter() {
  sqlite3_finalize(insert_game_);
  sqlite3_finalize(insert_finding_);
  sqlite3_close(db_);
}

bool SqliteTableWriter::fail(std::string_view what) {
  if (!error_.empty()) return false;
  error_ = "SQLite: " + std::string(what);
  if (db_) error_ += std::string(": ") + sqlite3_errmsg(db_);
  return false;
}

bool SqliteTableWriter::exec(const char* sql) {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) == SQLITE_OK) return true;
  return fail(sql);
}

bool SqliteTableWriter::insert(std::string_view in) {
  if (!ok()) return false;
  while (!in.empty()) {
    sqlite3_reset(insert_game_);
    bool good = true;
    for (int i = 0; i < cells_ && good; ++i) good = bind_cell(in, insert_game_, i + 2, nullptr);
    const std::int64_t id = static_cast<std::int64_t>(++rows_);
    if (!good || sqlite3_bind_int64(insert_game_, 1, id) != SQLITE_OK ||
        sqlite3_step(insert_game_) != SQLITE_DONE)
      return fail(good ? "cannot insert a game" : "a malformed row");
    std::int64_t findings = 0;
    if (!bind_cell(in, nullptr, 0, &findings)) return fail("a malformed row");
    for (std::int64_t k = 0; k < findings; ++k) {
      sqlite3_reset(insert_finding_);
      for (int i = 0; i < finding_cells && good; ++i)
        good = bind_cell(in, insert_finding_, i + 2, nullptr);
      if (!good || sqlite3_bind_int64(insert_finding_, 1, id) != SQLITE_OK ||
          sqlite3_step(insert_finding_) != SQLITE_DONE)
        return fail(good ? "cannot insert a finding" : "a malformed row");
    }
    if (++uncommitted_ >= rows_per_transaction) {
      uncommitted_ = 0;
      if (!exec("COMMIT") || !exec("BEGIN")) return false;
    }
  }
  return true;
}

bool SqliteTableWriter::finish() {
  if (!ok()) return false;
  // The per-player and per-year questions (docs/GAMES-TABLE.md) find their rows by index.
  if (!exec("COMMIT") || !exec("CREATE INDEX findings_game ON findings(game_id)") ||
      !exec("CREATE INDEX games_white ON games(white)") ||
      !exec("CREATE INDEX games_black ON games(black)") ||
      !exec("CREATE INDEX games_year ON games(year)"))
    return false;
  sqlite3_finalize(insert_game_);
  sqlite3_finalize(insert_finding_);
  insert_game_ = insert_finding_ = nullptr;
  if (sqlite3_close(db_) != SQLITE_OK) return fail("cannot close the database");
  db_ = nullptr;
  return true;
}

}  // namespace rochade::report
