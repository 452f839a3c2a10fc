// rochade games [options] INPUT...: one row per game, tags and castling facts
// (docs/GAMES-TABLE.md), as CSV, TSV, JSON lines or an SQLite database (app/game_writers).
#include <CLI/CLI.hpp>

#include <memory>
#include <optional>

#include "analysis/game_columns.hpp"
#include "app/choices.hpp"
#include "app/commands.hpp"
#include "app/game_writers.hpp"
#include "report/common/formats.hpp"

namespace rochade::app {

namespace {

// Every game, given to the writer.
class GamesConsumer : public analysis::GameConsumer {
 public:
  GamesConsumer(WorkerId worker, GameWriter& writer) : worker_(worker.index), writer_(writer) {}
  void game(const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            std::string& out) override {
    writer_.game(worker_, record, analysis, none_, out);
  }

 private:
  int worker_;
  GameWriter& writer_;
  const std::vector<const analysis::Finding*> none_;  // the table and SQLite take all from analysis
};

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

}  // namespace

void setup_games(CLI::App& app, GamesOptions& opts) {
  add_input_options(app, opts.in, opts.format, report::games_format_names);
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
  const report::GamesFormat format = opts.format;
  const bool sqlite = format == report::GamesFormat::sqlite;
  if (const std::string why = analysis::check_tag_columns(opts.in.tags); !why.empty())
    throw UsageError(why);
  if (sqlite && (opts.in.output.empty() || opts.in.output == "-"))
    throw UsageError("--format sqlite needs -o FILE (a database is not written to a pipe)");
  if (sqlite && (ends_with(opts.in.output, ".gz") || ends_with(opts.in.output, ".zst")))
    throw UsageError("--format sqlite writes a database file; it cannot be compressed as written");
  Job job("games", opts.in);
  const std::unique_ptr<GameWriter> writer = games_writer(
      format,
      {.command = job.command, .workers = job.workers, .names = job.names, .tags = opts.in.tags});
  writer->ask(job.pipeline);
  Workers<GamesConsumer> consumers(job.workers, *writer);
  return run_job(job, consumers, *writer);
}

}  // namespace rochade::app
