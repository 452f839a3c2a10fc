// One entry per subcommand: an options struct, a setup function that declares the options on a
// CLI11 subcommand, and a run function that says how the run ended (Outcome) or throws
// UsageError (app/exit_status.hpp).
#pragma once

#include <string>
#include <vector>

#include "analysis/highlights.hpp"
#include "app/run_support.hpp"
#include "report/common/formats.hpp"
#include "report/stats/stats_json.hpp"

namespace CLI {
class App;
}

namespace rochade::app {

struct PerftOptions {
  std::string fen;
  int depth = 1;
  bool divide = false;
  bool chess960 = false;
};
void setup_perft(CLI::App& app, PerftOptions& opts);
Outcome run_perft(const PerftOptions& opts);

struct ExplainOptions {
  std::string fen;
  std::string format = "text";  // text | json
  bool ascii = false;           // letters instead of Unicode pieces in the diagram
  bool chess960 = false;        // force Chess960 rules (else detected from the castling field)
};
void setup_explain(CLI::App& app, ExplainOptions& opts);
Outcome run_explain(const ExplainOptions& opts);

struct StatsOptions {
  InputOptions in;
  std::vector<std::string> by;
  std::string partial;
};
void setup_stats(CLI::App& app, StatsOptions& opts);
Outcome run_stats(const StatsOptions& opts);

struct AuditOptions {
  InputOptions in;
  std::vector<std::string> only;
  bool all = false;  // --format pgn --all: every game, the flagged ones annotated
  std::uint64_t html_max_games = 2000;  // --format html (app/game_writers.hpp)
};
void setup_audit(CLI::App& app, AuditOptions& opts);
Outcome run_audit(const AuditOptions& opts);

struct FindOptions {
  InputOptions in;
  bool mate_by_castling = false, castling_check = false;
  std::string illegal_castling;  // "" = not asked, "any", or a reason
  bool opposite = false, same_side = false;
  std::string no_castling;  // "" = not asked, "white", "black", "both"
  std::string castled;      // "" = not asked, "white", "black", "both"
  bool queenside = false, kingside = false;
  bool count = false;
  std::uint64_t html_max_games = 2000;  // --format html (app/game_writers.hpp)
};
void setup_find(CLI::App& app, FindOptions& opts);
Outcome run_find(const FindOptions& opts);
// The values of find's options whose value is optional (--illegal-castling, --no-castling).
std::vector<std::string> illegal_castling_choices();
std::vector<std::string> colour_choices();

struct GamesOptions {
  InputOptions in;
};
void setup_games(CLI::App& app, GamesOptions& opts);
Outcome run_games(const GamesOptions& opts);

struct MergeOptions {
  std::vector<std::string> partials;
  std::vector<std::string> no_partial;  // --no-partial HOW:INPUT
  // What the result lists, in the order of the command line: a partial (partials[index]) or an
  // input without one (no_partial[index]).
  struct Source {
    bool partial;
    std::size_t index;
  };
  std::vector<Source> sources;
  std::string output;
  std::string format;  // set by the command line: --format, the -o name, else text
  bool quiet = false;  // merge has no warnings to silence; errors are always shown
};
void setup_merge(CLI::App& app, MergeOptions& opts);
Outcome run_merge(const MergeOptions& opts);

}  // namespace rochade::app
