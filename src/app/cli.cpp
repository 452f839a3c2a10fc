#include "app/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "app/commands.hpp"

namespace rochade::app {

int run_cli(int argc, char** argv) {
  CLI::App app{"rochade: castling in chess game databases (statistics, illegal castling, "
               "mates by castling, and why a castling is or is not legal)",
               "rochade"};
  app.set_version_flag("--version", std::string("rochade ") + ROCHADE_VERSION);
  app.require_subcommand(1);

  PerftOptions perft;
  setup_perft(*app.add_subcommand("perft", "move-generator self-check (node counts, divide)"),
              perft);

  StatsOptions stats;
  setup_stats(*app.add_subcommand("stats", "castling statistics over all games"), stats);
  AuditOptions audit;
  setup_audit(*app.add_subcommand("audit", "illegal castling and other replay findings, game by game"),
              audit);
  FindOptions find;
  setup_find(*app.add_subcommand("find", "the games that match castling predicates, as PGN"), find);
  MergeOptions merge;
  setup_merge(*app.add_subcommand("merge", "combine partial results (JSON) of separate runs"), merge);
  ExplainOptions explain;
  setup_explain(*app.add_subcommand("explain", "which castlings are legal in a position, and why not"),
                explain);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return 2;
  }
  if (app.got_subcommand("stats")) return run_stats(stats);
  if (app.got_subcommand("audit")) return run_audit(audit);
  if (app.got_subcommand("find")) return run_find(find);
  if (app.got_subcommand("merge")) return run_merge(merge);
  if (app.got_subcommand("perft")) return run_perft(perft);
  if (app.got_subcommand("explain")) return run_explain(explain);
  return 2;
}

}  // namespace rochade::app
