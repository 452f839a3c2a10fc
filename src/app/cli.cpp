#include "app/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "app/commands.hpp"

namespace rochade::app {

namespace {

struct OptionalValue {
  std::string_view option;
  std::vector<std::string> values;
};

// An option whose value is optional takes the next word as its value only when it is one of
// its values ("--no-castling white"); any other word stays an input ("--no-castling a.pgn").
std::vector<std::string> join_optional_values(int argc, char** argv) {
  const std::vector<OptionalValue> optional{{"--illegal-castling", illegal_castling_choices()},
                                            {"--no-castling", colour_choices()}};
  std::vector<std::string> args(argv, argv + argc);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--") {
      out.insert(out.end(), args.begin() + static_cast<long>(i), args.end());
      break;
    }
    const auto it = std::find_if(optional.begin(), optional.end(),
                                 [&](const OptionalValue& o) { return o.option == args[i]; });
    if (it != optional.end() && i + 1 < args.size() &&
        std::find(it->values.begin(), it->values.end(), args[i + 1]) != it->values.end()) {
      out.push_back(args[i] + "=" + args[i + 1]);
      ++i;
      continue;
    }
    out.push_back(args[i]);
  }
  return out;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// "unknown subcommand 'stat'; did you mean 'stats'?" for a first word that is not a subcommand.
bool unknown_subcommand(const CLI::App& app, const std::vector<std::string>& args) {
  if (args.size() < 2 || args[1].empty() || args[1][0] == '-') return false;
  std::vector<std::string> names;
  for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
  if (std::find(names.begin(), names.end(), args[1]) != names.end()) return false;
  std::string best;
  std::size_t best_distance = 3;  // suggest only what is close
  for (const auto& n : names) {
    const std::size_t d = edit_distance(args[1], n);
    if (d < best_distance) best = n, best_distance = d;
  }
  fmt::print(stderr, "rochade: unknown subcommand '{}'", args[1]);
  if (!best.empty()) fmt::print(stderr, "; did you mean '{}'?", best);
  fmt::print(stderr, "\nsubcommands: {}\nRun with --help for more information.\n",
             fmt::join(names, ", "));
  return true;
}

}  // namespace

int run_cli(int argc, char** argv) {
  CLI::App app{"rochade: castling in chess game databases (statistics, illegal castling, "
               "mates by castling, and why a castling is or is not legal)",
               "rochade"};
  std::string version_text(std::string_view program);  // src/app/version.hpp
  // Made only when asked for (it names the libraries' versions).
  app.set_version_flag("--version",
                       std::function<std::string()>([] { return version_text("rochade"); }));
  app.require_subcommand(1);

  // Each subcommand once: its name, what it does, its options and its run. The dispatch below asks
  // CLI11 which one parsed.
  struct Subcommand {
    CLI::App* app;
    std::function<Outcome()> run;
  };
  std::vector<Subcommand> subcommands;
  const auto add = [&](const char* name, const char* about, auto& opts, auto setup, auto run) {
    CLI::App* sub = app.add_subcommand(name, about);
    setup(*sub, opts);
    subcommands.push_back({sub, [&opts, run] { return run(opts); }});
  };
  PerftOptions perft;
  add("perft", "move-generator self-check (node counts, divide)", perft, setup_perft, run_perft);
  StatsOptions stats;
  add("stats", "castling statistics over all games", stats, setup_stats, run_stats);
  AuditOptions audit;
  add("audit", "illegal castling and other replay findings, game by game", audit, setup_audit,
      run_audit);
  FindOptions find;
  add("find", "the games that match castling predicates, as PGN or table rows", find, setup_find,
      run_find);
  GamesOptions games;
  add("games", "one row per game: tags and castling facts (CSV, TSV, JSON lines, SQLite)", games,
      setup_games, run_games);
  MergeOptions merge;
  add("merge", "combine partial results (JSON) of separate runs", merge, setup_merge, run_merge);
  ExplainOptions explain;
  add("explain", "which castlings are legal in a position, and why not", explain, setup_explain,
      run_explain);

  constexpr Outcome usage{.usage = true};
  std::vector<std::string> args = join_optional_values(argc, argv);
  if (unknown_subcommand(app, args)) return exit_status(usage);
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend() - 1);  // CLI11 wants it so
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return exit_status(usage);
  }
  for (const Subcommand& sub : subcommands) {
    if (!sub.app->parsed()) continue;
    try {
      return exit_status(sub.run());
    } catch (const UsageError& e) {
      print_error(sub.app->get_name(), e.what());
      return exit_status(usage);
    }
  }
  return exit_status(usage);  // require_subcommand(1) leaves no other way
}

}  // namespace rochade::app
