// rochade games [options] INPUT...: one row per game, tags and castling facts
// (docs/GAMES-TABLE.md), as CSV, TSV, JSON lines (report/games_table) or an SQLite
// database (report/sqlite_table, written by a thread of the run's into -o's temporary file).
#include <CLI/CLI.hpp>

#include <memory>
#include <optional>

#include "analysis/game_columns.hpp"
#include "app/commands.hpp"
#include "app/printers.hpp"
#include "report/common/formats.hpp"
#include "report/games/games_table.hpp"
#include "report/games/sqlite_table.hpp"
#include "run/writer_thread.hpp"

namespace rochade::app {

namespace {

class GamesConsumer : public analysis::GameConsumer {
 public:
  GamesConsumer(report::GamesFormat format, const run::InputNames& names,
                const std::vector<std::string>& tags)
      : format_(format), names_(names), tags_(tags) {}
  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            std::string& out) override {
    const std::string_view input = names_[record.input];
    if (format_ == report::GamesFormat::sqlite)
      report::append_sqlite_row(input, record, analysis, out, tags_);
    else
      report::append_game_row(*report::table_format(format_), input, record, analysis, out,
                              tags_);
  }

 private:
  report::GamesFormat format_;
  const run::InputNames& names_;
  const std::vector<std::string>& tags_;
};

// --format sqlite: the rows go to a writer thread of the run's (run/writer_thread.hpp) that fills
// a database (report/sqlite_table) in -o's temporary file; the output is committed (renamed) when
// the database is whole.
class SqlitePrinter : public Printer, public run::WriterThread::Sink {
 public:
  explicit SqlitePrinter(const std::vector<std::string>& tags) : tags_(tags) {}
  bool begin(io::Output& out) override {
    if (!out.replaces_file()) {
      print_error("games", "--format sqlite needs -o FILE to be a regular file (" +
                               out.display_name() + " is not)");
      return false;
    }
    db_.emplace(out.temp_path(), tags_);
    if (!db_->ok()) {
      print_error("games", out.path() + ": " + db_->error());
      return false;
    }
    thread_.emplace(*this);
    return true;
  }
  void games(std::string_view rows, io::Output&) override { thread_->write(rows); }
  void finish(const RunResult&, io::Output& out, io::Output*) override {
    if (!thread_->finish() || !db_->finish())
      out.fail_external(db_->error() + " (" + out.path() + ")");
  }

 private:
  bool write(std::string_view rows) override { return db_->insert(rows); }  // on thread_

  const std::vector<std::string>& tags_;
  std::optional<report::SqliteTableWriter> db_;
  std::optional<run::WriterThread> thread_;  // stopped before db_ closes
};

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

void setup_games(CLI::App& app, GamesOptions& opts) {
  add_input_options(app, opts.in, report::names_of(report::games_format_names), "csv");
  add_tag_option(app, opts.in);
  app.footer(
      "One row per game read, in input order, the same for every -j: input, game, line, the "
      "Seven Tag Roster, white_elo, black_elo, eco, time_control, variant, setup, plies, each "
      "colour's first castling and its ply, first_castler, castling_check, mate_by_castling, "
      "illegal_castlings, illegal_reasons, annotation_mismatches, false_repetitions, error, "
      "skipped, year, utc_date, utc_time, white_title, black_title, white_rating_diff, "
      "black_rating_diff, opening, termination, moves, each colour's first castling move, "
      "each colour's clock after it (seconds, from [%clk]), "
      "each colour's illegal castlings, without_moves. --format sqlite needs -o FILE: tables "
      "games and findings.");
}

Outcome run_games(const GamesOptions& opts) {
  const auto format = report::from_name(report::games_format_names, opts.in.format)
                          .value_or(report::GamesFormat::csv);
  const bool sqlite = format == report::GamesFormat::sqlite;
  if (const std::string why = analysis::check_tag_columns(opts.in.tags); !why.empty())
    throw UsageError(why);
  if (sqlite && (opts.in.output.empty() || opts.in.output == "-"))
    throw UsageError("--format sqlite needs -o FILE (a database is not written to a pipe)");
  if (sqlite && (ends_with(opts.in.output, ".gz") || ends_with(opts.in.output, ".zst")))
    throw UsageError("--format sqlite writes a database file; it cannot be compressed as written");
  Job job("games", opts.in);
  job.pipeline.read_clocks = true;  // the clock columns
  Workers<GamesConsumer> consumers(job.workers, format, job.names, opts.in.tags);
  SqlitePrinter database(opts.in.tags);
  TablePrinter rows(report::table_format(format).value_or(report::TableFormat::csv),
                    opts.in.tags);
  return run_job(job, consumers, sqlite ? static_cast<Printer&>(database) : rows);
}

}  // namespace rochade::app
