// rochade perft FEN DEPTH [--divide] [--chess960]
#include <CLI/CLI.hpp>
#include <chrono>
#include <fmt/core.h>

#include "app/commands.hpp"
#include "chess/fen.hpp"
#include "chess/perft.hpp"
#include "chess/san.hpp"
#include "run/interrupt.hpp"

namespace rochade::app {

void setup_perft(CLI::App& app, PerftOptions& opts) {
  app.add_option("FEN", opts.fen, "position (FEN, X-FEN or Shredder-FEN), or 'startpos'")
      ->required();
  app.add_option("DEPTH", opts.depth, "depth in plies")->required()->check(CLI::Range(0, 20));
  app.add_flag("--divide", opts.divide, "first print one 'move: count' line per legal move");
  app.add_flag("--chess960", opts.chess960, "read the position with Chess960 castling rules");
}

Outcome run_perft(const PerftOptions& opts) {
  using namespace rochade::chess;
  const std::string_view fen = opts.fen == "startpos" ? startpos_fen : std::string_view(opts.fen);
  const FenResult r = parse_fen(fen, FenMode::strict,
                                opts.chess960 ? Chess960Mode::force : Chess960Mode::detect);
  if (!r.ok())
    throw UsageError(
        fmt::format("invalid FEN ({}): {}", fen_field_name(r.error->field), r.error->message));
  run::install_interrupt_handler();  // a closed stdout shows up as EPIPE, not SIGPIPE
  io::Output out("");
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t total = 0;
  if (opts.divide) {
    for (const auto& [move, nodes] : perft_divide(r.position, opts.depth)) {
      out.write(fmt::format("{}: {}\n", to_uci(r.position, move).view(), nodes));
      total += nodes;
    }
    out.write("\n");
  } else {
    total = perft(r.position, opts.depth);
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(stderr, "perft {}: {} nodes in {:.3f} s ({:.1f} Mnodes/s)\n", opts.depth, total, secs,
             secs > 0 ? total / secs / 1e6 : 0.0);
  out.write(fmt::format("{}\n", total));
  return {.failed = !commit_output("perft", out)};
}

}  // namespace rochade::app
