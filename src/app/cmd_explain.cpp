// rochade explain FEN [--format text|json] [--ascii] [--chess960]
// Standard chess unless --chess960 or the castling field says Chess960 (a note among the
// warnings says which). The FEN is read leniently: a position that could not arise in a game is
// still explained, with warnings; with standard rules a right without its king and rook at home
// is dropped, and the warnings and that castling's details say so. A FEN that cannot be read at
// all is a usage error (exit status 2).
#include <fmt/core.h>
#include <CLI/CLI.hpp>

#include "app/choices.hpp"
#include "app/commands.hpp"
#include "chess/fen.hpp"
#include "report/explain/explain.hpp"

namespace rochade::app {

void setup_explain(CLI::App& app, ExplainOptions& opts) {
  // The FEN is best quoted; its fields may also come as separate arguments (joined here).
  app.add_option("FEN", opts.fen,
                 "position (FEN with KQkq, X-FEN or Shredder-FEN castling field), or 'startpos'")
      ->required()
      ->expected(1, 6)
      ->allow_extra_args()
      ->multi_option_policy(CLI::MultiOptionPolicy::Join);
  add_choice(app, "--format", opts.format, report::explain_format_names,
             "output format: text (with a board diagram) or json");
  app.add_flag("--ascii", opts.ascii, "letters instead of Unicode pieces in the diagram");
  app.add_flag("--chess960", opts.chess960,
               "Chess960 castling rules (otherwise standard chess, unless only Chess960 can "
               "read the castling field)");
}

Outcome run_explain(const ExplainOptions& opts) {
  using namespace rochade::chess;
  std::string fen = opts.fen == "startpos" ? std::string(startpos_fen) : opts.fen;
  for (char& ch : fen)
    if (ch == '\n') ch = ' ';  // fields given as separate arguments
  const FenResult r =
      parse_fen(fen, FenMode::lenient, opts.chess960 ? Chess960Mode::force : Chess960Mode::detect);
  if (!r.ok())
    throw UsageError(fmt::format("invalid FEN '{}' (field: {}): {}", fen,
                                 fen_field_name(r.error->field), r.error->message));
  const report::Explanation e = report::explain_position(r.position, r.notes, r.dropped);
  const std::string out = opts.format == report::ExplainFormat::json
                              ? report::render_explain_json(e)
                              : report::render_explain_text(e, opts.ascii);
  fmt::print("{}", out);
  return {};
}

}  // namespace rochade::app
