#include "app/game_writers.hpp"

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "report/games/audit.hpp"
#include "report/games/game_pgn.hpp"
#include "report/games/games_table.hpp"
#include "report/games/sqlite_table.hpp"
#include "run/writer_thread.hpp"

namespace rochade::app {

using analysis::Finding;
using analysis::GameAnalysis;
using analysis::GameRecord;
using Findings = std::vector<const Finding*>;

void add_html_max_games(CLI::App& app, std::uint64_t& max_games) {
  app.add_option("--html-max-games", max_games,
                 "with --format html: the most games the page holds (the page says how many "
                 "more there were)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}))
      ->capture_default_str();
}

void GameWriter::ask(run::PipelineOptions& options) const { options.numbers_during_run = true; }

ViewerWriter::ViewerWriter(std::string_view command, std::uint64_t max_games, int workers,
                           const run::InputNames& names)
    : page_(command, max_games), names_(names) {
  for (int w = 0; w < workers; ++w)
    workers_.push_back(std::make_unique<report::ViewerGames>(&page_.full()));
}

bool ViewerWriter::begin(io::Output& out) {
  out.write(page_.head());
  return true;
}

void ViewerWriter::game(int worker, const GameRecord& record, const GameAnalysis&,
                        const Findings& findings, std::string& out) {
  workers_[static_cast<std::size_t>(worker)]->append(names_[record.ref.input], record, findings,
                                                     out);
}

void ViewerWriter::games(std::string_view lines, io::Output& out) {
  text_.clear();
  page_.games(lines, text_);
  if (!text_.empty()) out.write(text_);
}

void ViewerWriter::finish(const RunResult& run, io::Output& out, io::Output*) {
  out.write(page_.tail(run.inputs.size()));
}

std::uint64_t ViewerWriter::built() const {
  std::uint64_t n = 0;
  for (const auto& w : workers_) n += w->built();
  return n;
}

namespace {

// Each game as it stands in the input (find's pgn).
class PgnWriter : public GameWriter {
 public:
  void ask(run::PipelineOptions& options) const override { options.capture_raw = true; }  // no number
  void game(int, const GameRecord& record, const GameAnalysis&, const Findings&,
            std::string& out) override {
    report::append_game_pgn(record, out);
  }
};

// find --count: the number of games given, after the run.
class CountWriter : public GameWriter {
 public:
  explicit CountWriter(int workers) : counts_(static_cast<std::size_t>(workers)) {}
  void ask(run::PipelineOptions&) const override {}  // no number, no text
  void game(int worker, const GameRecord&, const GameAnalysis&, const Findings&,
            std::string&) override {
    ++counts_[static_cast<std::size_t>(worker)].n;
  }
  void finish(const RunResult&, io::Output& out, io::Output*) override {
    std::uint64_t total = 0;
    for (const auto& c : counts_) total += c.n;
    out.write(std::to_string(total) + "\n");
  }

 private:
  struct alignas(64) Count {  // a cache line each: the workers count at once
    std::uint64_t n = 0;
  };
  std::vector<Count> counts_;
};

// The games table (docs/GAMES-TABLE.md): its header before the run, a row per game.
class TableWriter : public GameWriter {
 public:
  TableWriter(report::TableFormat format, const WriterSettings& s)
      : format_(format), names_(s.names), tags_(s.tags) {}
  void ask(run::PipelineOptions& options) const override {
    GameWriter::ask(options);
    options.read_clocks = true;
  }
  bool begin(io::Output& out) override {
    out.write(report::games_table_header(format_, tags_));
    return true;
  }
  void game(int, const GameRecord& record, const GameAnalysis& analysis, const Findings&,
            std::string& out) override {
    report::append_game_row(format_, names_[record.ref.input], record, analysis, out, tags_);
  }

 private:
  report::TableFormat format_;
  const run::InputNames& names_;
  const std::vector<std::string>& tags_;
};

// audit's text and JSON lines (docs/AUDIT-JSONL.md): the findings given.
class AuditWriter : public GameWriter {
 public:
  AuditWriter(report::AuditFormat format, const run::InputNames& names)
      : format_(format), names_(names) {}
  void game(int, const GameRecord& record, const GameAnalysis&, const Findings& findings,
            std::string& out) override {
    report::append_audit(format_, names_[record.ref.input], record, findings, out);
  }

 private:
  report::AuditFormat format_;
  const run::InputNames& names_;
};

// audit --format pgn: each game given as it stands, with the [Rochade] tag and a comment at each
// move found where it has findings (--all gives the others too).
class AuditPgnWriter : public GameWriter {
 public:
  explicit AuditPgnWriter(const run::InputNames& names) : names_(names) {}
  void ask(run::PipelineOptions& options) const override {
    GameWriter::ask(options);
    options.capture_raw = true;
  }
  void game(int, const GameRecord& record, const GameAnalysis&, const Findings& findings,
            std::string& out) override {
    if (findings.empty()) return report::append_game_pgn(record, out);
    report::append_audit(report::AuditFormat::pgn, names_[record.ref.input], record, findings, out);
  }

 private:
  const run::InputNames& names_;
};

// games --format sqlite: the rows go to a writer thread of the run's (run/writer_thread.hpp) that
// fills a database (report/sqlite_table) in -o's temporary file; the output is committed
// (renamed) when the database is whole.
class SqliteWriter : public GameWriter, public run::WriterThread::Sink {
 public:
  explicit SqliteWriter(const WriterSettings& s)
      : command_(s.command), names_(s.names), tags_(s.tags) {}
  void ask(run::PipelineOptions& options) const override {
    GameWriter::ask(options);
    options.read_clocks = true;
  }
  bool begin(io::Output& out) override {
    if (!out.replaces_file()) {
      print_error(command_, "--format sqlite needs -o FILE to be a regular file (" +
                                out.display_name() + " is not)");
      return false;
    }
    db_.emplace(out.temp_path(), tags_);
    if (!db_->ok()) {
      print_error(command_, out.path() + ": " + db_->error());
      return false;
    }
    thread_.emplace(*this);
    return true;
  }
  void game(int, const GameRecord& record, const GameAnalysis& analysis, const Findings&,
            std::string& out) override {
    report::append_sqlite_row(names_[record.ref.input], record, analysis, out, tags_);
  }
  void games(std::string_view rows, io::Output&) override { thread_->write(rows); }
  void finish(const RunResult&, io::Output& out, io::Output*) override {
    if (!thread_->finish() || !db_->finish())
      out.fail_external(db_->error() + " (" + out.path() + ")");
  }

 private:
  bool write(std::string_view rows) override { return db_->insert(rows); }  // on thread_

  std::string_view command_;
  const run::InputNames& names_;
  const std::vector<std::string>& tags_;
  std::optional<report::SqliteTableWriter> db_;
  std::optional<run::WriterThread> thread_;  // stopped before db_ closes
};

}  // namespace

std::unique_ptr<GameWriter> find_writer(report::FindFormat format, bool count,
                                        const WriterSettings& s) {
  using F = report::FindFormat;
  if (count) return std::make_unique<CountWriter>(s.workers);
  switch (format) {
    case F::pgn:
      return std::make_unique<PgnWriter>();
    case F::html:
      return std::make_unique<ViewerWriter>(s.command, s.html_max_games, s.workers, s.names);
    case F::csv:
    case F::tsv:
    case F::jsonl:
      break;
  }
  return std::make_unique<TableWriter>(*report::table_format(format), s);
}

std::unique_ptr<GameWriter> audit_writer(report::AuditFormat format, const WriterSettings& s) {
  using F = report::AuditFormat;
  switch (format) {
    case F::pgn:
      return std::make_unique<AuditPgnWriter>(s.names);
    case F::html:
      return std::make_unique<ViewerWriter>(s.command, s.html_max_games, s.workers, s.names);
    case F::text:
    case F::jsonl:
      break;
  }
  return std::make_unique<AuditWriter>(format, s.names);
}

std::unique_ptr<GameWriter> games_writer(report::GamesFormat format, const WriterSettings& s) {
  if (format == report::GamesFormat::sqlite) return std::make_unique<SqliteWriter>(s);
  return std::make_unique<TableWriter>(*report::table_format(format), s);
}

}  // namespace rochade::app
