// One entry per subcommand: an options struct, a setup function that declares the options on a
// CLI11 subcommand, and a run function that says how the run ended (Outcome) or throws
// UsageError (app/exit_status.hpp).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/find_predicate.hpp"
#include "analysis/finding.hpp"
#include "analysis/highlights.hpp"
#include "analysis/stats.hpp"
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
  report::ExplainFormat format = report::ExplainFormat::text;
  bool ascii = false;           // letters instead of Unicode pieces in the diagram
  bool chess960 = false;        // force Chess960 rules (else detected from the castling field)
};
void setup_explain(CLI::App& app, ExplainOptions& opts);
Outcome run_explain(const ExplainOptions& opts);

struct StatsOptions {
  InputOptions in;
  report::StatsFormat format = report::StatsFormat::text;
  std::vector<analysis::GroupKey> by;  // --by, in the order given (repeats included)
  std::string partial;
};
void setup_stats(CLI::App& app, StatsOptions& opts);
Outcome run_stats(const StatsOptions& opts);

struct AuditOptions {
  InputOptions in;
  report::AuditFormat format = report::AuditFormat::text;
  std::vector<analysis::FindingKind> only;  // --only (none: every kind)
  bool all = false;  // --format pgn --all: every game, the flagged ones annotated
  std::uint64_t html_max_games = 2000;  // --format html (app/game_writers.hpp)
};
void setup_audit(CLI::App& app, AuditOptions& opts);
Outcome run_audit(const AuditOptions& opts);

struct FindOptions {
  InputOptions in;
  report::FindFormat format = report::FindFormat::pgn;
  bool mate_by_castling = false, castling_check = false;
  bool illegal_castling = false;                        // --illegal-castling, any reason
  std::optional<chess::CastlingReason> illegal_reason;  // --illegal-castling=REASON
  bool opposite = false, same_side = false;
  std::optional<analysis::Who> no_castling;  // nothing: not asked
  std::optional<analysis::Who> castled;      // nothing: not asked
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
  report::GamesFormat format = report::GamesFormat::csv;
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
  report::StatsFormat format = report::StatsFormat::text;  // --format, else the -o name's
  bool quiet = false;  // merge has no warnings to silence; errors are always shown
};
void setup_merge(CLI::App& app, MergeOptions& opts);
Outcome run_merge(const MergeOptions& opts);

}  // namespace rochade::app
