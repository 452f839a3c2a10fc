// The per-game outputs of find, audit and games: one GameWriter per format, chosen once from the
// format's enum (find_writer, audit_writer, games_writer). A writer is the run's Printer (what it
// writes before the run, the games' text in input order, and after the run) and, on the workers,
// what each game a consumer selects becomes (game). The consumers decide which games and which
// of their findings; the writer, how they are written.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/finding.hpp"
#include "analysis/game_record.hpp"
#include "analysis/replay.hpp"
#include "app/run_support.hpp"
#include "report/common/formats.hpp"
#include "report/viewer/viewer_data.hpp"
#include "report/viewer/viewer_page.hpp"
#include "run/pipeline.hpp"

namespace CLI {
class App;
}

namespace rochade::app {

inline constexpr std::uint64_t default_html_max_games = 2000;

// Declares --html-max-games N (1 or more).
void add_html_max_games(CLI::App& app, std::uint64_t& max_games);

class GameWriter : public Printer {
 public:
  // What the run gives each game for this output: its number as the game comes
  // (numbers_during_run: every writer but PGN's and the count, which print none), its text
  // (capture_raw: PGN), its clocks (read_clocks: the games table).
  virtual void ask(run::PipelineOptions& options) const;
  // On worker `worker` (0 .. workers-1, each with its own state): appends the output of one game
  // to `out`, which the run writes in input order. `findings`: those to show (audit: the selected
  // kinds; find: all).
  virtual void game(int worker, const analysis::GameRecord& record,
                    const analysis::GameAnalysis& analysis,
                    const std::vector<const analysis::Finding*>& findings, std::string& out) = 0;
};

// What the writers are made with besides their format.
struct WriterSettings {
  std::string_view command;  // "find", "audit", "games": messages, the page's title
  int workers = 1;           // Job::workers
  // The inputs' names as the run numbers them (Job::names): what a game's input is named by,
  // looked up only by the formats that write it.
  const run::InputNames& names;
  const std::vector<std::string>& tags;                   // --tag: the tables' extra columns
  std::uint64_t html_max_games = default_html_max_games;  // --html-max-games
};

// find: `count` (--count) writes the number of games given, after the run, whatever the format.
std::unique_ptr<GameWriter> find_writer(report::FindFormat format, bool count,
                                        const WriterSettings& settings);
// audit: pgn writes a game given without findings as it stands (--all), the others annotated.
std::unique_ptr<GameWriter> audit_writer(report::AuditFormat format,
                                         const WriterSettings& settings);
// games: sqlite needs -o to be a regular file (begin says so, false).
std::unique_ptr<GameWriter> games_writer(report::GamesFormat format,
                                         const WriterSettings& settings);

// The viewer page (report/viewer/viewer_page.hpp) of `find --format html` and `audit --format
// html` as a run writes it: its head before any input is read, the games' objects as the run
// delivers them in input order (at most --html-max-games), its tail after the run. Each worker's
// report::ViewerGames is given the page's full(): past the cap it builds nothing, and the run goes
// on at the speed of counting.
class ViewerWriter : public GameWriter {
 public:
  // `command`: "find" or "audit" (the page's title, its note on the games left out).
  ViewerWriter(std::string_view command, std::uint64_t max_games, int workers,
               const run::InputNames& names);
  bool begin(io::Output& out) override;
  void game(int worker, const analysis::GameRecord& record, const analysis::GameAnalysis& analysis,
            const std::vector<const analysis::Finding*>& findings, std::string& out) override;
  void games(std::string_view lines, io::Output& out) override;
  void finish(const RunResult& run, io::Output& out, io::Output* extra) override;
  std::uint64_t built() const;  // the games whose object a worker built

 private:
  report::ViewerPage page_;
  const run::InputNames& names_;
  std::vector<std::unique_ptr<report::ViewerGames>> workers_;  // each apart: written at once
  std::string text_;  // the games' objects of one call, reused
};

}  // namespace rochade::app
